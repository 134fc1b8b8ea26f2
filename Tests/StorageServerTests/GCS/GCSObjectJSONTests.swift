import Foundation
import GCSJSON
import StorageAPI
import Testing

/// `GCSObjectJSON`: an object resource as the GCS JSON API writes and reads it.
@Suite struct GCSObjectJSONTests {
    static let base = "http://h:1"

    private func text(_ resource: ObjectResource) -> String {
        String(decoding: GCSObjectJSON.encode(resource, base: Self.base), as: UTF8.self)
    }

    /// GCS's members in GCS's order: links first, counts as strings, no download tokens, `identity` left out.
    @Test func writesGCSsBytes() {
        let links = [
            #""kind":"storage#object""#, #""id":"demo-project.appspot.com/dir/someFile/1718000000000123""#,
            #""selfLink":"http://h:1/storage/v1/b/demo-project.appspot.com/o/dir%2FsomeFile""#,
            #""mediaLink":"http://h:1/download/storage/v1/b/demo-project.appspot.com/o/dir%2FsomeFile"#
                + #"?generation=1718000000000123&alt=media""#,
            #""name":"dir/someFile""#, #""bucket":"demo-project.appspot.com""#, #""generation":"1718000000000123""#,
            #""metageneration":"3""#, #""storageClass":"STANDARD""#, #""size":"11""#,
            #""md5Hash":"XrY7u+Ae7tCTyyK7j1rNww==""#, #""crc32c":"yZRlqg==""#, #""etag":"6ZbQfpKNcybaYvMcIQ4HP0kytZM""#,
            #""timeCreated":"2024-06-10T06:13:20.123Z""#, #""updated":"2024-06-10T06:13:21.123Z""#,
            #""timeStorageClassUpdated":"2024-06-10T06:13:20.123Z""#,
        ]
        let optional = [
            #""contentType":"text/plain""#, #""contentEncoding":"gzip""#, #""contentDisposition":"inline""#,
            #""contentLanguage":"fr""#, #""cacheControl":"no-cache""#,
            #""metadata":{"firebaseStorageDownloadTokens":"t1,t2","k":"v","é":"\"quoted\"\n"}"#,
        ]
        #expect(text(ObjectResourceJSONTests.sample) == "{\((links + optional).joined(separator: ","))}")
        #expect(text(ObjectResourceJSONTests.bare) == "{\(links.joined(separator: ","))}")
    }
}

extension GCSObjectJSONTests {
    private func decode(_ text: String) throws -> ObjectResource {
        try GCSObjectJSON.decode(Data(text.utf8))
    }

    /// Everything GCS carries comes back, the download tokens through the custom key GCS keeps them under.
    @Test func roundTripsWhatGCSCarries() throws {
        for resource in [ObjectResourceJSONTests.sample, ObjectResourceJSONTests.bare] {
            #expect(try GCSObjectJSON.decode(GCSObjectJSON.encode(resource, base: Self.base)) == resource)
        }
    }

    @Test func readsGCSAnswersAndIgnoresDownloadTokens() throws {
        let resource = try decode(
            #"{"kind":"storage#object","name":"n","bucket":"b","generation":"12","metageneration":"2","size":"5","#
                + #""crc32c":"yZRlqg==","downloadTokens":"t1,t2","timeStorageClassUpdated":"x","metadata":{"k":"v"}}"#)
        #expect(resource.generation == 12 && resource.metageneration == 2 && resource.size == 5)
        #expect(resource.crc32c == "yZRlqg==")
        #expect(resource.downloadTokens.isEmpty)
        #expect(resource.customMetadata == ["k": "v"])
        #expect(resource.contentEncoding == "identity")
        #expect(resource.storageClass == "")
        let tokens = try decode(
            #"{"name":"n","bucket":"b","metadata":{"k":"v","firebaseStorageDownloadTokens":"t1, t2,"}}"#)
        #expect(tokens.downloadTokens == ["t1", "t2"] && tokens.customMetadata == ["k": "v"])
    }

    /// Generations are 64-bit: gcp-storage-emulator mints them from nanoseconds.
    @Test func readsGenerationsBeyondWhatADoubleHoldsExactly() throws {
        let resource = try decode(#"{"name":"n","bucket":"b","generation":"1795795808846864492"}"#)
        #expect(resource.generation == 1_795_795_808_846_864_492)
        #expect(throws: BackendError.self) {
            try decode(#"{"name":"n","bucket":"b","generation":"9223372036854775807"}"#)
        }
    }

    @Test(arguments: [
        (#"{"bucket":"b"}"#, #"no "name""#),
        (#"{"name":"","bucket":"b"}"#, #"no "name""#),
        (
            #"{"name":"n","bucket":"b","size":"-1"}"#,
            #""size" in the object resource is not a whole number from 0 to 5497558138880: "-1""#
        ),
        (
            #"{"name":"n","bucket":"b","generation":"0"}"#,
            #""generation" in the object resource is not a whole number from 1"#
        ),
        (#"{"name":"n","bucket":"b","updated":"yesterday"}"#, #""updated" in the object resource is not a timestamp"#),
        (#"{"name":"n","bucket":"b","metadata":{"k":2}}"#, #""k" in "metadata" of the object resource must be"#),
        (#"{"name":"n","bucket":"b","contentType":7}"#, #""contentType" in the object resource must be a string"#),
    ])
    func malformedAnswersNameTheField(_ text: String, _ mention: String) {
        #expect {
            try decode(text)
        } throws: { error in
            guard let error = error as? BackendError else { return false }
            return error.kind == .malformedResponse && error.message.contains(mention)
        }
    }
}
