import StorageAPI
import Testing

@Suite struct DownloadURLTests {
    static let host = "https://firebasestorage.googleapis.com:443"

    /// docs/semantics.md §7: tokens "12345,ignored" (the caller passes the first), name `path/to/object`.
    @Test func sdkExample() {
        let url = DownloadURL.make(host: Self.host, bucket: "bucket", name: "path/to/object", token: "12345")
        #expect(
            url == "https://firebasestorage.googleapis.com:443/v0/b/bucket/o/path%2Fto%2Fobject?alt=media&token=12345")
    }

    @Test func integrationShape() {
        let url = DownloadURL.make(
            host: Self.host, bucket: "ios-opensource-samples.appspot.com", name: "ios/public/1mb",
            token: "0f6b7f6e-1a2b-4c3d-9e8f-123456789abc")
        #expect(
            url
                == "https://firebasestorage.googleapis.com:443/v0/b/ios-opensource-samples.appspot.com/o/ios%2Fpublic%2F1mb?alt=media&token=0f6b7f6e-1a2b-4c3d-9e8f-123456789abc"
        )
    }

    @Test func escapesBucketNameAndToken() {
        let url = DownloadURL.make(host: "http://127.0.0.1:9199/", bucket: "b b", name: "hello&+@_ .txt", token: "a&b")
        #expect(url == "http://127.0.0.1:9199/v0/b/b%20b/o/hello%26%2B@_%20.txt?alt=media&token=a%26b")
    }
}
