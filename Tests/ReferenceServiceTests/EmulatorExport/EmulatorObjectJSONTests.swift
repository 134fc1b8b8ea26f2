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

extension EmulatorObjectJSONTests {
    private func decode(_ text: String) throws -> EmulatorObjectJSON.Entry {
        try EmulatorObjectJSON.decode(try JSONParser.parse(Data(text.utf8)))
    }

    /// A file written and read back describes the same object, and fixes what an upload would mint.
    @Test func roundTripsAnObject() throws {
        for resource in [Self.sample, Self.bare] {
            let entry = try EmulatorObjectJSON.decode(EmulatorObjectJSON.encode(resource))
            #expect(entry.resource == resource)
            #expect(
                entry.stamps
                    == FixedStamps(
                        downloadTokens: resource.downloadTokens, generation: resource.generation,
                        metageneration: resource.metageneration, timeCreated: resource.timeCreated,
                        updated: resource.updated))
        }
        let bare = try EmulatorObjectJSON.decode(EmulatorObjectJSON.encode(Self.bare))
        #expect(bare.metadata == ObjectMetadataFields(), "identity is not written, so it is not given")
        let full = try EmulatorObjectJSON.decode(EmulatorObjectJSON.encode(Self.sample))
        #expect(full.metadata == Self.sample.writableFields)
    }

    /// What the emulator's own files hold: the decimal CRC32C, values of other types in `customMetadata`, and
    /// nothing of what an upload mints.
    @Test func readsTheEmulatorsFile() throws {
        let entry = try decode(
            #"{"name":"a","bucket":"b","size":11,"md5Hash":"XrY7u+Ae7tCTyyK7j1rNww==","crc32c":"3381945770","#
                + #""customMetadata":{"n":5,"x":null,"s":"t"}}"#)
        #expect(entry.resource.crc32c == "yZRlqg==")
        #expect(entry.resource.customMetadata == ["n": "5", "x": "", "s": "t"])
        #expect(entry.stamps == FixedStamps())
        #expect(entry.metadata == ObjectMetadataFields(customMetadata: ["n": "5", "x": "", "s": "t"]))
    }

    @Test(arguments: [
        (#"{"bucket":"b","size":1,"md5Hash":"x","crc32c":"1"}"#, "name: missing"),
        (#"{"name":"a","bucket":"b","md5Hash":"x","crc32c":"1"}"#, "size: missing"),
        (#"{"name":"a","bucket":"b","size":1,"md5Hash":"","crc32c":"1"}"#, "md5Hash: missing"),
        (
            #"{"name":"a","bucket":"b","size":1,"md5Hash":"x","crc32c":"1","generation":0}"#,
            "generation: expected a whole number from 1 to 4611686018427387903, found 0"
        ),
        (
            #"{"name":"a","bucket":"b","size":1,"md5Hash":"x","crc32c":"1","downloadTokens":[1]}"#,
            "downloadTokens: expected a list of strings"
        ),
        (
            #"{"name":"a","bucket":"b","size":1,"md5Hash":"x","crc32c":"1","updated":"soon"}"#,
            "updated: expected a timestamp, found soon"
        ),
        (#"["name"]"#, "expected a JSON object"),
    ])
    func aBadFileNamesItsField(_ text: String, _ message: String) {
        #expect {
            try decode(text)
        } throws: { error in
            (error as? EmulatorExportError)?.problem.contains(message) == true
        }
    }
}
