import Foundation
import StorageAPI
import Testing

/// What Cloud Storage refuses, `serve` refuses with 400 instead of storing something that fails later.
@Suite struct InputRulesTests {
    @Test func aPatchWithAControlCharacterChangesNothing() throws {
        let served = try ServedStorage()
        try served.seed("f.txt", "data", metadata: ObjectMetadataFields(contentType: "text/plain"))
        let patch = try served.send(
            "PATCH", "/v0/b/bkt/o/f.txt", headers: [("Content-Type", "application/json")],
            text: #"{"contentType":"text/html\r\nSet-Cookie: a=b"}"#)
        #expect(patch.status == 400)
        #expect(patch.errorMessage?.contains("contentType contains a control character") == true)
        let media = try served.send("GET", "/v0/b/bkt/o/f.txt?alt=media")
        #expect(media.status == 200)
        #expect(media.headers["Content-Type"] == "text/plain")
    }

    @Test func customMetadataOver8KiBIsRefused() throws {
        let served = try ServedStorage()
        try served.seed(
            "f.txt", "data", metadata: ObjectMetadataFields(customMetadata: ["a": String(repeating: "x", count: 4000)]))
        let big = String(repeating: "y", count: 4200)
        let patch = try served.send(
            "PATCH", "/v0/b/bkt/o/f.txt", headers: [("Content-Type", "application/json")],
            text: #"{"metadata":{"b":"\#(big)"}}"#)
        #expect(patch.status == 400)
        #expect(
            try served.backend.getMetadata(ObjectAddress(bucket: "bkt", name: "f.txt")).customMetadata.keys.sorted()
                == ["a"])
        let within = try served.send(
            "PATCH", "/v0/b/bkt/o/f.txt", headers: [("Content-Type", "application/json")],
            text: #"{"metadata":{"a":null,"b":"\#(big)"}}"#)
        #expect(within.status == 200)
    }

    @Test(arguments: [
        "ab", "Upper", "-dash", "dash-", "a..b", "192.168.1.1", "goog-bucket", "my-google-bucket", "has space",
        String(repeating: "a", count: 64),
    ])
    func bucketNamesCloudStorageRefusesAre400(bucket: String) throws {
        let served = try ServedStorage()
        let escaped = bucket.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? bucket
        let list = try served.send("GET", "/v0/b/\(escaped)/o")
        #expect(list.status == 400, "\(bucket)")
        #expect(list.errorMessage?.contains("Invalid bucket name") == true)
        #expect(try served.send("PUT", "/v0/b/\(escaped)/o/x", text: "v").status == 400)
    }

    @Test(arguments: [
        "bkt", "fooey.appspot.com", "my_project-123.firebasestorage.app", "a1b", "sc-0123456789abcdef-x1y2z3",
    ])
    func bucketNamesCloudStorageAcceptsWork(bucket: String) throws {
        let served = try ServedStorage()
        #expect(try served.send("GET", "/v0/b/\(bucket)/o").status == 200, "\(bucket)")
    }
}
