import StorageAPI
import StorageSDK
import TestSupport
import Testing

@Suite struct StoragePathParsingTests {
    static let schemeMessage = "Internal error: URL scheme must be one of gs://, http://, or https://"
    static let gsMessage = "Internal error: URI must be in the form of gs://<bucket>/<path/to/object>"
    static let httpMessage =
        "Internal error: URL must be in the form of http[s]://<host>/v0/b/<bucket>/o/<path/to/object>[?token=signed_url_params]"

    /// docs/semantics.md §1.4, §2's examples and the download guide's form:
    /// URL → (bucket, object). `ReferenceURLTests` runs the same table through `Storage.reference(forURL:)`.
    static let parsedURLs: [(String, String, String?)] = [
        ("gs://bucket/path/to/object", "bucket", "path/to/object"),
        ("gs://bucket/path/to/object/", "bucket", "path/to/object"),
        ("gs://bucket//path/to/object/", "bucket", "path/to/object"),
        ("gs://bucket//path/////to////object////", "bucket", "path/to/object"),
        ("http://127.0.0.1:9199/v0/b/bucket/o/images%2Fstars.jpg?alt=media&token=abc", "bucket", "images/stars.jpg"),
        (
            "https://firebasestorage.googleapis.com:443/v0/b/bucket/o/ios%2Fpublic%2F-._~!$'()*,=:@%26%2B%3B?alt=media&token=t",
            "bucket", "ios/public/-._~!$'()*,=:@&+;"
        ),
        (
            "http://firebasestorage.googleapis.com/v0/b/bucket/o/path/to/object?token=signed_url_params", "bucket",
            "path/to/object"
        ),
        ("http://localhost:8070/v0/b/bucket", "bucket", nil),
        ("gs://bucket/", "bucket", nil),
        ("http://firebasestorage.googleapis.com/v0/b/bucket/", "bucket", nil),
        ("gs://bucket", "bucket", nil),
        ("http://firebasestorage.googleapis.com/v0/b/bucket", "bucket", nil),
        ("gs://bucket/?/%/#", "bucket", "?/%/#"),
        ("http://firebasestorage.googleapis.com/v0/b/bucket/o/%3F/%25/%23?token=signed_url_params", "bucket", "?/%/#"),
        ("http://firebasestorage.googleapis.com/v0/b/bucket/o/%23hashtag/no/token", "bucket", "#hashtag/no/token"),
        ("http://firebasestorage.googleapis.com/v0/b/bucket/o", "bucket", nil),
        ("gs://bucket//a", "bucket", "a"),
        ("gs:///bucket/a", "bucket", "a"),
        ("gs://bucket/path%20x", "bucket", "path%20x"),
        ("gs://bucket//", "bucket", ""),
        ("gs://bucket/a b\nc", "bucket", "a b\nc"),
        ("https://firebasestorage.googleapis.com/v0/b/bucket/o/a%2Fb", "bucket", "a/b"),
        ("https://example.com:8443/v0/b/bucket/o/a+b", "bucket", "a+b"),
        ("https://example.com/v0/b/bucket/o/a%2Bb%20c", "bucket", "a+b c"),
        ("https://example.com/v0/b/bucket/o/caf%C3%A9#fragment", "bucket", "café"),
        ("https://example.com/v0/b/bucket/o/a/?alt=media&token=1", "bucket", "a"),
        ("https://example.com/v0/b/bucket/o/café/😀", "bucket", "café/😀"),
        ("https://example.com//v0//b//bucket//o//a", "bucket", "a"),
        ("https://example.com/v0/b/bucket/o/%2F", "bucket", ""),
        ("https://example.com/v0/b/bucket/o/", "bucket", nil),
        (
            "http://[::1]:9199/v0/b/my-bucket.appspot.com/o/ios%2Fpublic%2F1mb", "my-bucket.appspot.com",
            "ios/public/1mb"
        ),
        ("https://user@host/v0/b/bucket/o/x", "bucket", "x"),
        ("https://firebasestorage.googleapis.com/b/bucket/o/images%20stars.jpg", "bucket", "images stars.jpg"),
        ("https://other.host/b/bucket/o/a%2Fb", "bucket", "a/b"),
        ("https://other.host/b/bucket", "bucket", nil),
        ("https://other.host/b/bucket/o", "bucket", nil),
        ("gs://foo-bar.appspot.com", "foo-bar.appspot.com", nil),
        ("gs://foo-bar.appspot.com/", "foo-bar.appspot.com", nil),
    ]

    @Test(arguments: parsedURLs)
    func parses(url: String, bucket: String, object: String?) throws {
        let path = try StoragePath.parse(url)
        #expect(path.bucket == bucket)
        #expect(path.object == object)
    }

    /// docs/semantics.md §1.4 and §2: inputs the SDK rejects, with its messages.
    static let malformedURLs: [(String, String)] = [
        ("gs://", gsMessage),
        ("gs:///", gsMessage),
        ("gs:////", gsMessage),
        ("http://firebasestorage.googleapis.com/", httpMessage),
        ("http://firebasestorage.googleapis.com", httpMessage),
        ("http://firebasestorage.googleapis.com/v0/b/bucket/x/path/to/object", httpMessage),
        ("http://firebasestorage.googleapis.com/v0/b/bucket/x", httpMessage),
        ("ftp://firebasestorage.googleapis.com/v0/b/bucket/o/path/to/object", schemeMessage),
        ("http://foo.google.com/v1/b/bucket/o/%3F/%25/%23?token=signed_url_params", httpMessage),
        ("htttp://bucket/", schemeMessage),
        ("GS://bucket/a", schemeMessage),
        ("HTTPS://host/v0/b/bucket", schemeMessage),
        ("", schemeMessage),
        ("bucket/path", schemeMessage),
        ("https://storage.googleapis.com/bucket/path", httpMessage),
        ("https://host/v0/b", httpMessage),
        ("https://host/v0/b/", httpMessage),
        ("https://host/v0/x/bucket", httpMessage),
        ("https://host/v0/b/bucket/o/a%2", httpMessage),
        ("https://host/v0/b/bucket/o/a%", httpMessage),
        ("https://host/v0/b/bucket/o/a%G1", httpMessage),
        ("https://host/v0/b/bucket/o/%FF", httpMessage),
        ("https://host/v0/b/buck%zzet/o/a", httpMessage),
        ("https://host/v0/b/bucket/o/a b", httpMessage),
        ("https://host/v0/b/bucket/o/a\nb", httpMessage),
        ("https://host/v0/b/bucket/o/a\tb", httpMessage),
        ("https://host/v0/b/bucket/o/a\u{7F}", httpMessage),
        ("https://host name/v0/b/bucket", httpMessage),
        ("https://host/v0/b/bucket?x=a b", httpMessage),
        ("https://host?/v0/b/bucket", httpMessage),
    ]

    @Test(arguments: malformedURLs)
    func rejects(url: String, message: String) {
        #expect(throws: StorageError.pathError(message)) {
            try StoragePath.parse(url)
        }
    }

    @Test func rejectionIsAPathError() throws {
        let error = try #require(throws: StorageError.self) { try StoragePath.parse("htttp://bucket/") }
        #expect(error.code == .pathError)
        #expect(error.code.rawValue == -13053)
        #expect(error.message == Self.schemeMessage)
    }

    /// The SDK's URL rows (docs/semantics.md §1.4).
    @Test(arguments: [
        ("gs://bucket/path/to/object/", "gs://bucket/path/to/object"),
        ("gs://bucket//path/to/object/", "gs://bucket/path/to/object"),
        ("gs://bucket//path/////to////object////", "gs://bucket/path/to/object"),
        ("gs://bucket/", "gs://bucket/"),
        ("gs://proj.appspot.com/path/to", "gs://proj.appspot.com/path/to"),
    ])
    func referenceDescriptions(url: String, printed: String) throws {
        #expect(try StoragePath.parse(url).description == printed)
    }

    @Test func referenceRowsForRootParentNameAndFullPath() throws {
        #expect(try StoragePath.parse("gs://bucket/path/to/object").root().description == "gs://bucket/")
        #expect(try StoragePath.parse("gs://bucket/").root().description == "gs://bucket/")
        #expect(try StoragePath.parse("gs://bucket/").child("path").description == "gs://bucket/path")
        #expect(
            try StoragePath.parse("gs://bucket/").child("path/to/object").description == "gs://bucket/path/to/object")
        #expect(try StoragePath.parse("gs://bucket//path/to/object/").parent()?.description == "gs://bucket/path/to")
        let toRoot = try #require(try StoragePath.parse("gs://bucket/path").parent())
        #expect(toRoot.description == "gs://bucket/")
        #expect(toRoot.object == "")
        #expect(try StoragePath.parse("gs://bucket/path/").parent()?.description == "gs://bucket/")
        #expect(try StoragePath.parse("gs://bucket/").parent() == nil)
        #expect(try StoragePath.parse("gs://bucket//path/to/object/").bucket == "bucket")
        #expect(try StoragePath.parse("gs://bucket/path/to/object/").name == "object")
        #expect(try StoragePath.parse("gs://bucket/").name == "")
        #expect(try StoragePath.parse("gs://bucket/path/to/object/").fullPath == "path/to/object")
        #expect(try StoragePath.parse("gs://bucket/").fullPath == "")
    }

    @Test(arguments: ["path/to/object", "ios/public/-._~!$'()*,=:@&+;", "hello&+@_ .txt", "😀 é/100%/#?", "a\nb"])
    func downloadURLsRoundTrip(name: String) throws {
        let url = DownloadURL.make(
            host: "https://firebasestorage.googleapis.com:443", bucket: "b", name: name, token: "t")
        let path = try StoragePath.parse(url)
        #expect(path.bucket == "b")
        #expect(path.object == name)
    }

    /// Random inputs never crash or hang; a failure is always a pathError.
    @Test func randomInputsFailCleanly() {
        var random = SplitMix64(seed: 0x5EED)
        let prefixes = ["gs://", "http://", "https://", "https://h/v0/b/", "https://h/b/", "http://h/v0/b/b/o/", ""]
        let alphabet: [Character] = [
            "/", "/", "/", "%", "%", "2", "F", "f", "G", "0", "v", "b", "o", "?", "#", "&", "+", " ", "\n", "\t",
            ":", "@", "[", "]", ".", "é", "e\u{301}", "😀", "\u{0}", "\u{7F}", "a", "z", "g", "s", "h", "t", "p",
        ]
        var parsed = 0
        for _ in 0..<3_000 {
            let prefix = prefixes[Int(random.next() % UInt64(prefixes.count))]
            let length = Int(random.next() % 24)
            var text = prefix
            for _ in 0..<length { text.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
            do {
                let path = try StoragePath.parse(text)
                parsed += 1
                #expect(path.object.map { StoragePath.standardize($0) == $0 } ?? true, "\(text.debugDescription)")
            } catch {
                #expect(error.code == .pathError, "\(text.debugDescription)")
            }
        }
        #expect(parsed > 0)
    }
}
