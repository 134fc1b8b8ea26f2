import Foundation
import StorageAPI
import StorageServer
import StorageWire
import Testing

@Suite struct RequestBodyJSONTests {
    @Test func uploadMetadataRoundTrips() throws {
        let fields = ObjectMetadataFields(
            cacheControl: "c", contentDisposition: "d", contentEncoding: "e", contentLanguage: "l", contentType: "t",
            customMetadata: ["k": "v"])
        let data = UploadMetadataJSON.encode(name: "dir/x", fields: fields)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"name":"dir/x","cacheControl":"c","contentDisposition":"d","contentEncoding":"e","contentLanguage":"l","contentType":"t","metadata":{"k":"v"}}"#
        )
        let decoded = try UploadMetadataJSON.decode(data)
        #expect(decoded.name == "dir/x")
        #expect(decoded.fields == fields)
        #expect(
            String(decoding: UploadMetadataJSON.encode(name: nil, fields: ObjectMetadataFields()), as: UTF8.self)
                == "{}")
    }

    @Test func uploadMetadataAsSDKsSendIt() throws {
        let decoded = try UploadMetadataJSON.decode(
            Data(
                #"{"bucket":"","size":12,"contentType":"image/png","md5Hash":null,"metadata":{"a":"1","b":null}}"#.utf8)
        )
        #expect(decoded.name == nil)
        #expect(decoded.fields == ObjectMetadataFields(contentType: "image/png", customMetadata: ["a": "1"]))
        #expect(try UploadMetadataJSON.decode(Data(" \n".utf8)).fields == ObjectMetadataFields())
    }

    @Test(arguments: [
        #"{"contentType":1}"#, #"{"metadata":{"a":2}}"#, #"{"metadata":"x"}"#, #"{"name":false}"#, #"{"a":"\ud800"}"#,
        "[", "\u{FF}",
    ])
    func uploadMetadataIsStrict(text: String) {
        #expect(throws: BackendError.self) { try UploadMetadataJSON.decode(Data(text.utf8)) }
    }

    @Test func invalidUTF8IsABadRequest() {
        #expect(
            throws: BackendError.badRequest(
                "The upload metadata is not valid JSON: the body is not valid UTF-8 at byte 1.")
        ) {
            try UploadMetadataJSON.decode(Data([0x7B, 0xFF, 0x7D]))
        }
    }

    @Test func patchRoundTripsWithNulls() throws {
        let patch = MetadataPatch(
            fields: [.contentType: "image/png", .cacheControl: String?.none],
            customMetadata: ["a": "1", "b": String?.none])
        let data = MetadataPatchJSON.encode(patch)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"cacheControl":null,"contentType":"image/png","metadata":{"a":"1","b":null}}"#)
        #expect(try MetadataPatchJSON.decode(data) == patch)
        let clear = MetadataPatch(removesAllCustomMetadata: true)
        #expect(String(decoding: MetadataPatchJSON.encode(clear), as: UTF8.self) == #"{"metadata":null}"#)
        #expect(try MetadataPatchJSON.decode(MetadataPatchJSON.encode(clear)) == clear)
        #expect(try MetadataPatchJSON.decode(Data("{}".utf8)) == MetadataPatch())
        #expect(try MetadataPatchJSON.decode(Data()) == MetadataPatch())
    }

    @Test func patchIgnoresWhatSDKsSendBesidesTheWritableFields() throws {
        let patch = try MetadataPatchJSON.decode(
            Data(#"{"bucket":"","name":"x","size":5,"storageClass":null,"crc32c":null,"contentLanguage":null}"#.utf8))
        #expect(patch == MetadataPatch(fields: [.contentLanguage: String?.none]))
    }

    @Test func listPagesBothWays() throws {
        let page = ListPage(prefixes: ["a/"], items: ["a", "b c"], nextPageToken: "tok")
        let data = ListPageJSON.encode(page, bucket: "bk")
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"prefixes":["a/"],"items":[{"name":"a","bucket":"bk"},{"name":"b c","bucket":"bk"}],"nextPageToken":"tok"}"#
        )
        #expect(try ListPageJSON.decode(data) == page)
        #expect(
            String(decoding: ListPageJSON.encode(ListPage(), bucket: "bk"), as: UTF8.self)
                == #"{"prefixes":[],"items":[]}"#)
        #expect(try ListPageJSON.decode(Data("{}".utf8)) == ListPage())
        #expect(
            try ListPageJSON.decode(
                Data(#"{"items":[{"name":"x","bucket":"bkt","size":"1"}],"nextPageToken":""}"#.utf8))
                == ListPage(items: ["x"]))
        for bad in [#"{"items":[{"bucket":"bkt"}]}"#, #"{"prefixes":[1]}"#, #"{"items":"x"}"#, #"{"nextPageToken":3}"#]
        {
            #expect(throws: BackendError.self) { try ListPageJSON.decode(Data(bad.utf8)) }
        }
    }

    @Test func errorBodiesBothWays() {
        let body = ErrorBodyJSON.encode(status: 403, message: "Permission \"denied\".")
        #expect(String(decoding: body, as: UTF8.self) == #"{"error":{"code":403,"message":"Permission \"denied\"."}}"#)
        #expect(ErrorBodyJSON.message(from: body) == "Permission \"denied\".")
        #expect(ErrorBodyJSON.message(from: Data("Not Found\n".utf8)) == "Not Found")
        #expect(ErrorBodyJSON.message(from: Data(#"{"error":"flat"}"#.utf8)) == #"{"error":"flat"}"#)
        #expect(ErrorBodyJSON.message(from: Data()) == nil)
        #expect(ErrorBodyJSON.message(from: Data(repeating: 65, count: 2000))?.count == 501)
    }

    @Test func rulesRoundTrip() throws {
        let rules = StorageRules(
            version: 1,
            entries: [
                .init(path: "ios/public/**", operations: [.read, .write, .list]),
                .init(path: "*", operations: [.read], requiresSignIn: true),
                .init(path: "closed/**", operations: []),
            ])
        let data = RulesJSON.encode(rules)
        #expect(
            String(decoding: data, as: UTF8.self).hasPrefix(
                #"{"version":1,"allow":[{"path":"ios/public/**","ops":["read","write","list"]},{"path":"*","ops":["read"],"if":"signedIn"}"#
            ))
        #expect(try RulesJSON.decode(data) == rules)
        #expect(
            try RulesJSON.decode(Data(#"{"allow":[{"path":"x"}]}"#.utf8))
                == StorageRules(entries: [.init(path: "x", operations: [])]))
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: BackendError.self) { try MetadataPatchJSON.decode(Data(#"{"metadata":\#(deep)}"#.utf8)) }
    }

    @Test func escapesAndUnicodeDecode() throws {
        let decoded = try UploadMetadataJSON.decode(Data(#"{"name":"a\"b\\c\/d\n\u00e9\ud83c\udf0a\t"}"#.utf8))
        #expect(decoded.name == "a\"b\\c/d\né🌊\t")
    }
}
