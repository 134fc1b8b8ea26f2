import Foundation
import Primitives
import StorageAPI
import StorageWire
import Testing

@Suite struct ObjectResourceJSONTests {
    static let created = Date(timeIntervalSince1970: 1_718_000_000.123)

    static let sample = ObjectResource(
        bucket: "demo-project.appspot.com", name: "dir/someFile", generation: 1_718_000_000_000_123, metageneration: 3,
        size: 11,
        contentType: "text/plain", contentEncoding: "gzip", contentDisposition: "inline", contentLanguage: "fr",
        cacheControl: "no-cache", customMetadata: ["k": "v", "é": "\"quoted\"\n"], md5Hash: "XrY7u+Ae7tCTyyK7j1rNww==",
        crc32c: "yZRlqg==", etag: "6ZbQfpKNcybaYvMcIQ4HP0kytZM", timeCreated: created,
        updated: created.addingTimeInterval(1),
        storageClass: "STANDARD", downloadTokens: ["t1", "t2"])

    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func encodesTheEmulatorShape() throws {
        let json = try object(ObjectResourceJSON.encode(Self.sample))
        #expect(json["generation"] as? String == "1718000000000123")
        #expect(json["metageneration"] as? String == "3")
        #expect(json["size"] as? String == "11")
        #expect(json["timeCreated"] as? String == "2024-06-10T06:13:20.123Z")
        #expect(json["updated"] as? String == "2024-06-10T06:13:21.123Z")
        #expect(json["downloadTokens"] as? String == "t1,t2")
        #expect(json["crc32c"] as? String == "yZRlqg==")
        #expect(json["metadata"] as? [String: String] == ["k": "v", "é": "\"quoted\"\n"])
        #expect(
            Set(json.keys) == [
                "name", "bucket", "generation", "metageneration", "contentType", "timeCreated", "updated",
                "storageClass",
                "size", "md5Hash", "crc32c", "etag", "downloadTokens", "contentEncoding", "contentDisposition",
                "metadata",
                "contentLanguage", "cacheControl",
            ])
        let text = String(decoding: ObjectResourceJSON.encode(Self.sample), as: UTF8.self)
        #expect(text.hasPrefix(#"{"name":"dir/someFile","bucket":"demo-project.appspot.com","generation":"#))
    }

    /// The members and their order as production and the emulator write them (production traces, SDKs).
    @Test func writesTheEmulatorsBytes() {
        let full = [
            #""name":"dir/someFile""#, #""bucket":"demo-project.appspot.com""#, #""generation":"1718000000000123""#,
            #""metageneration":"3""#, #""contentType":"text/plain""#, #""timeCreated":"2024-06-10T06:13:20.123Z""#,
            #""updated":"2024-06-10T06:13:21.123Z""#, #""storageClass":"STANDARD""#, #""size":"11""#,
            #""md5Hash":"XrY7u+Ae7tCTyyK7j1rNww==""#, #""crc32c":"yZRlqg==""#, #""etag":"6ZbQfpKNcybaYvMcIQ4HP0kytZM""#,
            #""downloadTokens":"t1,t2""#, #""contentEncoding":"gzip""#, #""contentDisposition":"inline""#,
            #""metadata":{"k":"v","é":"\"quoted\"\n"}"#, #""contentLanguage":"fr""#, #""cacheControl":"no-cache""#,
        ]
        #expect(
            String(decoding: ObjectResourceJSON.encode(Self.sample), as: UTF8.self)
                == "{\(full.joined(separator: ","))}")
        let bare = [
            #""name":"dir/someFile""#, #""bucket":"demo-project.appspot.com""#, #""generation":"1718000000000123""#,
            #""metageneration":"3""#, #""timeCreated":"2024-06-10T06:13:20.123Z""#,
            #""updated":"2024-06-10T06:13:21.123Z""#, #""storageClass":"STANDARD""#, #""size":"11""#,
            #""md5Hash":"XrY7u+Ae7tCTyyK7j1rNww==""#, #""crc32c":"yZRlqg==""#, #""etag":"6ZbQfpKNcybaYvMcIQ4HP0kytZM""#,
            #""contentEncoding":"identity""#,
        ]
        #expect(
            String(decoding: ObjectResourceJSON.encode(Self.bare), as: UTF8.self) == "{\(bare.joined(separator: ","))}")
    }

    /// The sample without anything optional: no type, disposition, language, cache control, custom
    /// metadata or tokens, and the `identity` encoding.
    static var bare: ObjectResource {
        var bare = sample
        bare.contentType = nil
        bare.contentEncoding = "identity"
        bare.contentDisposition = nil
        bare.contentLanguage = nil
        bare.cacheControl = nil
        bare.customMetadata = [:]
        bare.downloadTokens = []
        return bare
    }

    @Test func optionalFieldsAndEmptyMetadataAreLeftOut() throws {
        var bare = Self.sample
        bare.contentType = nil
        bare.contentDisposition = nil
        bare.contentLanguage = nil
        bare.cacheControl = nil
        bare.customMetadata = [:]
        let json = try object(ObjectResourceJSON.encode(bare))
        for key in ["contentType", "contentDisposition", "contentLanguage", "cacheControl", "metadata"] {
            #expect(json[key] == nil, "\(key)")
        }
        #expect(try ObjectResourceJSON.decode(ObjectResourceJSON.encode(bare)) == bare)
    }

    @Test func roundTripsExactly() throws {
        #expect(try ObjectResourceJSON.decode(ObjectResourceJSON.encode(Self.sample)) == Self.sample)
    }

    @Test func readsTheEmulatorExample() throws {
        let text = """
            {
              "name": "dir/someFile", "bucket": "demo-project.appspot.com", "generation": "1718000000000",
              "metageneration": "1", "contentType": "application/octet-stream",
              "timeCreated": "2024-06-10T06:13:20.000Z", "updated": "2024-06-10T06:13:20.000Z",
              "storageClass": "STANDARD", "size": "11", "md5Hash": "XrY7u+Ae7tCTyyK7j1rNww==",
              "crc32c": "3381945770", "etag": "6ZbQfpKNcybaYvMcIQ4HP0kytZM",
              "downloadTokens": "3b8f3f52-5d8e-4c64-9a5e-0f3c1b6f0b2e", "contentEncoding": "identity",
              "contentDisposition": "inline"
            }
            """
        let resource = try ObjectResourceJSON.decode(Data(text.utf8))
        #expect(resource.generation == 1_718_000_000_000)
        #expect(resource.size == 11)
        #expect(resource.crc32c == CRC32C.base64(3_381_945_770))
        #expect(resource.crc32c == CRC32C.base64(CRC32C.checksum(of: Data("hello world".utf8))))
        #expect(resource.downloadTokens == ["3b8f3f52-5d8e-4c64-9a5e-0f3c1b6f0b2e"])
        #expect(resource.timeCreated == Date(timeIntervalSince1970: 1_718_000_000))
        #expect(resource.customMetadata.isEmpty)
        #expect(resource.contentDisposition == "inline")
    }

    @Test func toleratesNumbersMissingFieldsEmptyTokensAndUnknownKeys() throws {
        let text =
            #"{"name":"n","bucket":"bkt","generation":12,"metageneration":2,"size":5,"crc32c":42,"downloadTokens":"","kind":"storage#object","metadata":{}}"#
        let resource = try ObjectResourceJSON.decode(Data(text.utf8))
        #expect(resource.generation == 12)
        #expect(resource.size == 5)
        #expect(resource.crc32c == CRC32C.base64(42))
        #expect(resource.downloadTokens == [])
        #expect(resource.contentEncoding == "identity")
        #expect(resource.contentType == nil)
        #expect(resource.md5Hash == "")
        #expect(resource.timeCreated == Date(timeIntervalSince1970: 0))
        let tokens = try ObjectResourceJSON.decode(
            Data(#"{"name":"n","bucket":"bkt","downloadTokens":["a","b"],"contentType":null}"#.utf8))
        #expect(tokens.downloadTokens == ["a", "b"])
        #expect(tokens.contentType == nil)
        let microseconds = try ObjectResourceJSON.decode(
            Data(#"{"name":"n","bucket":"bkt","updated":"2024-06-10T06:13:20.123456Z"}"#.utf8))
        #expect(StorageDateFormat.string(from: microseconds.updated) == "2024-06-10T06:13:20.123Z")
    }

    @Test(arguments: [
        (#"{"bucket":"bkt"}"#, "\"name\""),
        (#"{"name":"n"}"#, "\"bucket\""),
        (#"{"name":1,"bucket":"bkt"}"#, "\"name\""),
        (#"{"name":"n","bucket":"bkt","size":"eleven"}"#, "\"size\""),
        (#"{"name":"n","bucket":"bkt","size":1.5}"#, "\"size\""),
        (#"{"name":"n","bucket":"bkt","generation":true}"#, "\"generation\""),
        (#"{"name":"n","bucket":"bkt","metadata":{"k":1}}"#, "\"k\""),
        (#"{"name":"n","bucket":"bkt","metadata":[]}"#, "\"metadata\""),
        (#"{"name":"n","bucket":"bkt","downloadTokens":5}"#, "\"downloadTokens\""),
        (#"{"name":"n","bucket":"bkt","updated":"yesterday"}"#, "\"updated\""),
        (#"{"name":"n","bucket":"bkt","crc32c":99999999999}"#, "\"crc32c\""),
        (#"["name"]"#, "JSON object"),
        (#"Not Found"#, "not valid JSON"),
        (#"{"name":"n","bucket":"bkt"} trailing"#, "not valid JSON"),
        ("", "not valid JSON"),
    ])
    func malformedAnswersNameTheProblem(text: String, mention: String) {
        #expect {
            try ObjectResourceJSON.decode(Data(text.utf8))
        } throws: { error in
            guard let error = error as? BackendError else { return false }
            return error.kind == .malformedResponse && error.message.contains(mention)
        }
    }
}
