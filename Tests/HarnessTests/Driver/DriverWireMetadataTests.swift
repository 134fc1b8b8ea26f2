import Drivers
import Foundation
import Harness
import Primitives
import StorageAPI
import StorageSDK
import Testing

/// `DriverWire`'s metadata messages (docs/driver-protocol.md §3), written and read.
@Suite struct DriverWireMetadataTests {
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

    /// What the project's own driver sends: numbers for counts, `fullPath`, the writable fields by name.
    @Test func writesTheProtocolsMembers() {
        let head = [
            #""bucket":"demo-project.appspot.com""#, #""generation":1718000000000123"#, #""metageneration":3"#,
            #""size":11"#, #""fullPath":"dir/someFile""#, #""md5Hash":"XrY7u+Ae7tCTyyK7j1rNww==""#,
        ]
        let times = [#""timeCreated":"2024-06-10T06:13:20.123Z""#, #""updated":"2024-06-10T06:13:21.123Z""#]
        let full = [
            #""cacheControl":"no-cache""#, #""contentDisposition":"inline""#, #""contentEncoding":"gzip""#,
            #""contentLanguage":"fr""#, #""contentType":"text/plain""#,
        ]
        let custom = #""customMetadata":{"k":"v","é":"\"quoted\"\n"}"#
        #expect(
            DriverWire.metadata(StorageMetadata(resource: Self.sample)).text
                == "{\((head + full + times + [custom]).joined(separator: ","))}")
        #expect(
            DriverWire.metadata(StorageMetadata(resource: Self.bare)).text
                == "{\((head + [#""contentEncoding":"identity""#] + times).joined(separator: ","))}")
        #expect(
            DriverWire.uploadMetadata(StorageMetadata(resource: Self.sample)).text
                == "{\((full + [custom]).joined(separator: ","))}")
        #expect(
            DriverWire.uploadMetadata(StorageMetadata(resource: Self.bare)).text == #"{"contentEncoding":"identity"}"#)
        #expect(DriverWire.uploadMetadata(StorageMetadata()).text == "{}")
    }
}

extension DriverWireMetadataTests {
    private func decode(_ text: String) throws -> StorageMetadata {
        try DriverWire.metadata(JSONParser.parse(Data(text.utf8)))
    }

    @Test func metadataRoundTrips() throws {
        for resource in [Self.sample, Self.bare] {
            let metadata = StorageMetadata(resource: resource)
            #expect(try DriverWire.metadata(DriverWire.metadata(metadata)) == metadata)
        }
    }

    @Test func uploadMetadataRoundTrips() throws {
        var metadata = StorageMetadata()
        metadata.contentType = "text/plain"
        metadata.cacheControl = "no-cache"
        metadata.customMetadata = ["k": "v"]
        #expect(try DriverWire.uploadMetadata(DriverWire.uploadMetadata(metadata)) == metadata)
        var empty = StorageMetadata()
        empty.customMetadata = [:]
        #expect(try DriverWire.uploadMetadata(DriverWire.uploadMetadata(empty)).customMetadata == [:])
        #expect(try DriverWire.uploadMetadata(DriverWire.uploadMetadata(StorageMetadata())) == StorageMetadata())
    }

    /// What another SDK's driver may send: counts as strings, no path, no times.
    @Test func readsOtherDriversMetadata() throws {
        let metadata = try decode(#"{"bucket":"b","generation":"7","metageneration":1,"size":"3","contentType":"a/b"}"#)
        #expect(metadata.bucket == "b" && metadata.generation == 7 && metadata.size == 3)
        #expect(metadata.contentType == "a/b")
        #expect(metadata.path == "")
        #expect(metadata.timeCreated == Date(timeIntervalSince1970: 0))
    }

    @Test(arguments: [
        (#"{"generation":1,"metageneration":1,"size":1}"#, "metadata.bucket: missing"),
        (#"{"bucket":"b","metageneration":1,"size":1}"#, "metadata.generation: missing"),
        (#"{"bucket":"b","generation":1,"metageneration":1,"size":"x"}"#, "metadata.size: expected an integer"),
        (
            #"{"bucket":"b","generation":1,"metageneration":1,"size":1,"customMetadata":{"k":1}}"#,
            "metadata.customMetadata.k"
        ),
        (
            #"{"bucket":"b","generation":1,"metageneration":1,"size":1,"updated":"later"}"#,
            "metadata.updated: expected a timestamp"
        ),
        (#""metadata""#, "metadata: expected an object"),
    ])
    func badMetadataNamesItsField(_ text: String, _ message: String) {
        #expect {
            try decode(text)
        } throws: { error in
            (error as? DriverWire.Problem)?.description.contains(message) == true
        }
    }
}
