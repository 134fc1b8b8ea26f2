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
            #""contentLanguage":"fr""#, #""cacheControl":"no-cache""#, #""metadata":{"k":"v","é":"\"quoted\"\n"}"#,
        ]
        #expect(text(ObjectResourceJSONTests.sample) == "{\((links + optional).joined(separator: ","))}")
        #expect(text(ObjectResourceJSONTests.bare) == "{\(links.joined(separator: ","))}")
    }
}
