import Foundation
import Testing

/// Object names in paths are percent-decoded exactly once (a raw `/` kept, `+` literal); names in
/// `?name=` are form-decoded once (`+` is a space).
@Suite struct NameDecodingTests {
    @Test(arguments: [
        ("a%2Fb", "a/b"),
        ("a/b", "a/b"),
        ("a//b", "a//b"),
        ("a%2F%2Fb", "a//b"),
        ("100%25", "100%"),
        ("a%2541", "a%41"),
        ("with%20space", "with space"),
        ("plus+sign", "plus+sign"),
        ("%C3%A9t%C3%A9%20%F0%9F%8C%8A", "été 🌊"),
        ("lonely%2F", "lonely/"),
        ("%2E%2E.", "..."),
    ])
    func pathNamesDecodeOnce(path: String, name: String) throws {
        let served = try ServedStorage()
        let upload = try served.send("PUT", "/v0/b/bkt/o/\(path)", text: "v")
        #expect(upload.status == 200)
        #expect(upload.json["name"] as? String == name)
        #expect(served.stored(name) == "v")
        let read = try served.send("GET", "/v0/b/bkt/o/\(path)?alt=media")
        #expect(read.text == "v")
    }

    @Test func slashedAndDoubleSlashedNamesAreDifferentObjects() throws {
        let served = try ServedStorage()
        #expect(try served.send("PUT", "/v0/b/bkt/o/a%2Fb", text: "one").status == 200)
        #expect(try served.send("PUT", "/v0/b/bkt/o/a//b", text: "two").status == 200)
        #expect(served.stored("a/b") == "one")
        #expect(served.stored("a//b") == "two")
        #expect(try served.send("GET", "/v0/b/bkt/o/a/b?alt=media").text == "one")
    }

    @Test(arguments: [
        ("a+b", "a b"),
        ("a%2Bb", "a+b"),
        ("a%20b", "a b"),
        ("caf%C3%A9", "café"),
        ("x%26y%3Dz", "x&y=z"),
        ("dir/file", "dir/file"),
    ])
    func queryNamesAreFormDecoded(query: String, name: String) throws {
        let served = try ServedStorage()
        let upload = try served.send("POST", "/v0/b/bkt/o?name=\(query)", text: "q")
        #expect(upload.status == 200)
        #expect(upload.json["name"] as? String == name)
    }

    @Test func bucketNamesDecodeToo() throws {
        let served = try ServedStorage()
        #expect(try served.send("PUT", "/v0/b/my%2Ebucket/o/x", text: "b").status == 200)
        #expect(served.stored("x", bucket: "my.bucket") == "b")
    }
}
