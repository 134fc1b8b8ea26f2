import Foundation
import StorageAPI
import Testing

/// The parity script's reads, updates, lists, uploads and odd names.
extension ParityTests {
    static func read(
        _ name: String, _ offset: Int64 = 0, _ length: Int64? = nil, token: String? = nil, bucket: String = "bkt"
    ) -> Action {
        { side throws(BackendError) in
            let token =
                token == "valid"
                ? try side.service.getMetadata(address(name, bucket: bucket, auth: alice)).downloadTokens.first : token
            return describe(
                try side.backend.readObject(
                    ReadRequest(
                        object: address(name, bucket: bucket), offset: offset, length: length, downloadToken: token)))
        }
    }

    static let readSteps: [Step] = [
        Step("read whole", read("a/1")),
        Step("read range", read("a/1", 2, 3)),
        Step("read from offset", read("a/1", 6)),
        Step("read past the end of range", read("a/1", 8, 100)),
        Step("read at size", read("a/1", 11)),
        Step("read past size", read("a/1", 50, 2)),
        Step("read zero length", read("a/1", 4, 0)),
        Step("read huge length", read("a/1", 1, Int64.max)),
        Step("read negative offset", read("a/1", -1)),
        Step("read negative length", read("a/1", 0, -1)),
        Step("read empty object", read("empty")),
        Step("read empty object with length", read("empty", 0, 10)),
        Step("read empty object at 1", read("empty", 1)),
        Step("read missing", read("nope")),
        Step("read denied", read("private/q", bucket: "locked")),
        Step("read with a valid token", read("private/q", 0, nil, token: "valid", bucket: "locked")),
        Step("read with a wrong token", read("public/p", 0, nil, token: "wrong", bucket: "locked")),
        Step(
            "read bad auth",
            { side throws(BackendError) in
                describe(try side.backend.readObject(ReadRequest(object: address("a/1", auth: "junk"))))
            }),
    ]

    static func update(_ name: String, _ patch: MetadataPatch, bucket: String = "bkt", auth: String? = nil) -> Action {
        { side throws(BackendError) in
            describe(try side.backend.updateMetadata(address(name, bucket: bucket, auth: auth), patch: patch))
        }
    }

    static let updateSteps: [Step] = [
        Step(
            "patch fields",
            update(
                "a/1",
                MetadataPatch(fields: [
                    .contentType: "image/png", .cacheControl: String?.none, .contentEncoding: "gzip",
                ]))),
        Step(
            "patch custom merge",
            update("a/1", MetadataPatch(customMetadata: ["x": "one", "y": String?.none, "w": "new"]))),
        Step(
            "patch clear and set",
            update("a/1", MetadataPatch(customMetadata: ["only": "this"], removesAllCustomMetadata: true))),
        Step("patch clear all", update("a/1", MetadataPatch(removesAllCustomMetadata: true))),
        Step(
            "patch remove encoding",
            update("a/1", MetadataPatch(fields: [.contentEncoding: String?.none, .contentType: String?.none]))),
        Step("patch empty", update("a/2", MetadataPatch())),
        Step(
            "patch odd values",
            update(
                "a/2",
                MetadataPatch(
                    fields: [.contentDisposition: "attachment; filename=\"é.txt\""],
                    customMetadata: ["k\"ey": "va\nlue", "": "empty key"]))),
        Step("patch missing", update("nope", MetadataPatch(fields: [.contentLanguage: "de"]))),
        Step("patch denied", update("public/p", MetadataPatch(fields: [.contentLanguage: "de"]), bucket: "locked")),
        Step(
            "patch signed in",
            update("private/q", MetadataPatch(fields: [.contentLanguage: "de"]), bucket: "locked", auth: alice)),
        Step(
            "delete",
            { side throws(BackendError) in
                try side.backend.deleteObject(address("z"))
                return "deleted"
            }),
        Step(
            "delete again",
            { side throws(BackendError) in
                try side.backend.deleteObject(address("z"))
                return "deleted"
            }),
        Step(
            "delete denied",
            { side throws(BackendError) in
                try side.backend.deleteObject(address("public/p", bucket: "locked"))
                return "deleted"
            }),
        Step(
            "delete bad auth",
            { side throws(BackendError) in
                try side.backend.deleteObject(address("a/2", auth: "junk"))
                return "deleted"
            }),
        Step(
            "metadata after delete",
            { side throws(BackendError) in describe(try side.backend.getMetadata(address("z"))) }),
    ]

    static func list(_ request: ListRequest) -> Action {
        { side throws(BackendError) in describe(try side.backend.list(request)) }
    }

    static let listSteps: [Step] = [
        Step("list root", list(ListRequest(bucket: "bkt"))),
        Step("list prefix", list(ListRequest(bucket: "bkt", prefix: "a/"))),
        Step("list recursive", list(ListRequest(bucket: "bkt", delimiter: nil))),
        Step("list empty delimiter", list(ListRequest(bucket: "bkt", prefix: "a/", delimiter: ""))),
        Step("list odd prefixes", list(ListRequest(bucket: "bkt", prefix: "wrongPrefix/"))),
        Step("list lonely", list(ListRequest(bucket: "bkt", prefix: "lonelyItem/"))),
        Step("list page 1", list(ListRequest(bucket: "bkt", maxResults: 2))),
        Step(
            "list page 2",
            { side throws(BackendError) in
                let first = try side.backend.list(ListRequest(bucket: "bkt", maxResults: 2))
                return describe(
                    try side.backend.list(ListRequest(bucket: "bkt", maxResults: 2, pageToken: first.nextPageToken)))
            }),
        Step("list maxResults 0", list(ListRequest(bucket: "bkt", maxResults: 0))),
        Step("list maxResults 1001", list(ListRequest(bucket: "bkt", maxResults: 1001))),
        Step("list maxResults 1000", list(ListRequest(bucket: "bkt", maxResults: 1000))),
        Step("list bad prefix", list(ListRequest(bucket: "bkt", prefix: "a"))),
        Step("list bad token", list(ListRequest(bucket: "bkt", pageToken: "garbage!"))),
        Step("list empty token", list(ListRequest(bucket: "bkt", pageToken: ""))),
        Step("list rules v1", list(ListRequest(bucket: "rules-v1"))),
        Step("list denied", list(ListRequest(bucket: "locked", prefix: "private/"))),
        Step("list signed in", list(ListRequest(bucket: "locked", prefix: "private/", auth: alice))),
        Step("list bad auth", list(ListRequest(bucket: "bkt", auth: "junk"))),
        Step("list other bucket", list(ListRequest(bucket: "fresh"))),
    ]

    static func start(
        _ label: String, _ name: String, size: Int64? = nil, metadata: ObjectMetadataFields = ObjectMetadataFields(),
        auth: String? = nil, bucket: String = "bkt"
    ) -> Action {
        { side throws(BackendError) in
            let session = try side.backend.startUpload(
                UploadStart(object: address(name, bucket: bucket, auth: auth), metadata: metadata, size: size))
            side.sessions[label] = session.id
            return "granularity \(session.granularity)"
        }
    }

    static func chunk(_ label: String, _ offset: Int64, _ text: String, finalize: Bool = false) -> Action {
        { side throws(BackendError) in
            describe(
                try side.backend.uploadChunk(
                    session: side.session(label), offset: offset, data: Data(text.utf8), finalize: finalize))
        }
    }

    static func query(_ label: String) -> Action {
        { side throws(BackendError) in describe(try side.backend.queryUpload(session: side.session(label))) }
    }

    static func cancel(_ label: String) -> Action {
        { side throws(BackendError) in
            try side.backend.cancelUpload(session: side.session(label))
            return "cancelled"
        }
    }

    static let uploadSteps: [Step] = [
        Step(
            "start",
            start(
                "s", "up/file.txt", size: 10,
                metadata: ObjectMetadataFields(contentType: "text/plain", customMetadata: ["k": "v"]))),
        Step("chunk", chunk("s", 0, "abcd")),
        Step("query active", query("s")),
        Step("chunk wrong offset", chunk("s", 0, "abcd")),
        Step("chunk off granularity", chunk("s", 4, "abc")),
        Step("chunk 2", chunk("s", 4, "efgh")),
        Step("finalize short", chunk("s", 8, "i", finalize: true)),
        Step("finalize over", chunk("s", 8, "ijk", finalize: true)),
        Step("finalize", chunk("s", 8, "ij", finalize: true)),
        Step("query final", query("s")),
        Step("chunk after final", chunk("s", 10, "more")),
        Step("finalize after final", chunk("s", 10, "", finalize: true)),
        Step("cancel after final", cancel("s")),
        Step(
            "uploaded",
            { side throws(BackendError) in
                describe(try side.backend.readObject(ReadRequest(object: address("up/file.txt"))))
            }),
        Step("start 2", start("t", "up/other")),
        Step("cancel", cancel("t")),
        Step("cancel again", cancel("t")),
        Step("query cancelled", query("t")),
        Step("chunk after cancel", chunk("t", 0, "abcd")),
        Step("start without size", start("u", "up/empty")),
        Step("finalize empty", chunk("u", 0, "", finalize: true)),
        Step("unknown session chunk", chunk("never", 0, "x")),
        Step("unknown session query", query("never")),
        Step("unknown session cancel", cancel("never")),
        Step(
            "start odd content type",
            start("ct", "up/typed", metadata: ObjectMetadataFields(contentType: "text/plain\r\nX-Evil: 1"))),
        Step("finalize odd content type", chunk("ct", 0, "t", finalize: true)),
        Step("start empty name", start("e", "")),
        Step("start negative size", start("e", "neg", size: -1)),
        Step("start denied", start("e", "public/new", bucket: "locked")),
        Step("start bad auth", start("e", "x", auth: "junk")),
        Step("start signed in", start("si", "private/new", auth: alice, bucket: "locked")),
        Step("finalize signed in", chunk("si", 0, "data", finalize: true)),
        Step("start then denied at finalize", start("d", "private/late", auth: alice, bucket: "locked")),
        Step(
            "rules change",
            { side throws(BackendError) in
                side.service.setRules(StorageRules(entries: []), bucket: "locked")
                return "rules changed"
            }),
        Step("finalize denied", chunk("d", 0, "late", finalize: true)),
        Step("query after denied finalize", query("d")),
    ]

    static let oddNames = [
        "a b", "ü/ñ 🌊", "a+b", "100%", "a%2Fb", ".", "..", "a//b", "#?&=;", "trailing/", "/leading", "tab\there",
        "x:y@z!$'()*,",
    ]

    static let nameSteps: [Step] =
        oddNames.flatMap { name -> [Step] in
            [
                Step(
                    "upload \(name)",
                    { side throws(BackendError) in
                        let session = try side.backend.startUpload(UploadStart(object: address(name)))
                        return describe(
                            try side.backend.uploadChunk(
                                session: session.id, offset: 0, data: Data(name.utf8), finalize: true))
                    }),
                Step("read \(name)", read(name)),
                Step("patch \(name)", update(name, MetadataPatch(fields: [.contentLanguage: "en"]))),
            ]
        } + [
            Step(
                "a/b and a//b are different",
                { side throws(BackendError) in
                    describe(try side.backend.readObject(ReadRequest(object: address("a/b"))))
                }),
            Step("list odd names", list(ListRequest(bucket: "bkt", delimiter: nil, maxResults: 1000))),
            Step(
                "delete \"..\"",
                { side throws(BackendError) in
                    try side.backend.deleteObject(address(".."))
                    return "deleted"
                }),
        ]
}
