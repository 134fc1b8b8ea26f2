import Foundation
import Primitives
import ReferenceService
import StorageAPI
import Testing

/// `EmulatorObjectJSON`: one metadata file of the emulator's export, written and read.
@Suite struct EmulatorObjectJSONTests {
    static let sample = ObjectResource(
        bucket: "demo-project.appspot.com", name: "dir/someFile", generation: 1_718_000_000_000_123, metageneration: 3,
        size: 11, contentType: "text/plain", contentEncoding: "gzip", contentDisposition: "inline",
        contentLanguage: "fr", cacheControl: "no-cache", customMetadata: ["k": "v", "é": "\"quoted\"\n"],
        md5Hash: "XrY7u+Ae7tCTyyK7j1rNww==", crc32c: "yZRlqg==", etag: "6ZbQfpKNcybaYvMcIQ4HP0kytZM",
        timeCreated: Date(timeIntervalSince1970: 1_718_000_000.123),
        updated: Date(timeIntervalSince1970: 1_718_000_001.123),
        storageClass: "STANDARD", downloadTokens: ["t1", "t2"])

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

    /// The emulator's `StoredFileMetadata` order: numbers for counts, `crc32c` in decimal, tokens as a list
    /// (even when empty), `customMetadata` last, `identity` left out.
    @Test func writesTheEmulatorsFile() {
        let head = [
            #""name":"dir/someFile""#, #""bucket":"demo-project.appspot.com""#, #""generation":1718000000000123"#,
            #""metageneration":3"#,
        ]
        let full = [
            #""contentType":"text/plain""#, #""timeCreated":"2024-06-10T06:13:20.123Z""#,
            #""updated":"2024-06-10T06:13:21.123Z""#, #""storageClass":"STANDARD""#, #""size":11"#,
            #""md5Hash":"XrY7u+Ae7tCTyyK7j1rNww==""#, #""contentEncoding":"gzip""#, #""contentDisposition":"inline""#,
            #""contentLanguage":"fr""#, #""cacheControl":"no-cache""#, #""crc32c":"3381945770""#,
            #""etag":"6ZbQfpKNcybaYvMcIQ4HP0kytZM""#, #""downloadTokens":["t1","t2"]"#,
            #""customMetadata":{"k":"v","é":"\"quoted\"\n"}"#,
        ]
        let bare = [
            #""timeCreated":"2024-06-10T06:13:20.123Z""#, #""updated":"2024-06-10T06:13:21.123Z""#,
            #""storageClass":"STANDARD""#, #""size":11"#, #""md5Hash":"XrY7u+Ae7tCTyyK7j1rNww==""#,
            #""crc32c":"3381945770""#, #""etag":"6ZbQfpKNcybaYvMcIQ4HP0kytZM""#, #""downloadTokens":[]"#,
        ]
        #expect(EmulatorObjectJSON.encode(Self.sample).text == "{\((head + full).joined(separator: ","))}")
        #expect(EmulatorObjectJSON.encode(Self.bare).text == "{\((head + bare).joined(separator: ","))}")
    }
}
