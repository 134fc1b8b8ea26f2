import StorageAPI
import StorageSDK
import Testing

@Suite struct MIMETypesTests {
    /// The SDK's unit-tested pairs (docs/semantics.md §6.4) and the semantics' required extensions.
    @Test(arguments: [
        ("txt", "text/plain"), ("png", "image/png"), ("mp3", "audio/mpeg"), ("mov", "video/quicktime"),
        ("gif", "image/gif"), ("html", "text/html"), ("htm", "text/html"), ("css", "text/css"),
        ("js", "text/javascript"), ("json", "application/json"), ("xml", "application/xml"),
        ("csv", "text/csv"), ("jpg", "image/jpeg"), ("jpeg", "image/jpeg"), ("webp", "image/webp"),
        ("svg", "image/svg+xml"), ("pdf", "application/pdf"), ("zip", "application/zip"),
        ("mp4", "video/mp4"), ("wav", "audio/wav"), ("heic", "image/heic"), ("ico", "image/vnd.microsoft.icon"),
        ("tiff", "image/tiff"), ("gz", "application/gzip"), ("tar", "application/x-tar"),
        ("md", "text/markdown"), ("yaml", "application/yaml"),
    ])
    func table(pathExtension: String, type: String) {
        #expect(MIMETypes.contentType(forPathExtension: pathExtension) == type)
    }

    @Test(arguments: ["TXT", "Png", "JPEG", "Mp3"])
    func extensionsAreCaseInsensitive(pathExtension: String) {
        #expect(
            MIMETypes.contentType(forPathExtension: pathExtension)
                == MIMETypes.contentType(forPathExtension: pathExtension.lowercased()))
        #expect(MIMETypes.contentType(forPathExtension: pathExtension) != nil)
    }

    @Test(arguments: ["", "unknownext", ".txt", "txt.", "t xt"])
    func unknownExtensionsHaveNoType(pathExtension: String) {
        #expect(MIMETypes.contentType(forPathExtension: pathExtension) == nil)
    }

    @Test(arguments: [
        ("hello.txt", "text/plain"),
        ("/tmp/dir/photo.JPG", "image/jpeg"),
        ("archive.tar.gz", "application/gzip"),
        ("file:///tmp/LargePutFile.txt", "text/plain"),
        ("README", "application/octet-stream"),
        (".bashrc", "application/octet-stream"),
        ("dir/.hidden", "application/octet-stream"),
        ("notes.", "application/octet-stream"),
        ("dir.d/file", "application/octet-stream"),
        ("dir/", "application/octet-stream"),
        ("", "application/octet-stream"),
        ("song.unknownext", "application/octet-stream"),
        ("hello&+@_ .txt", "text/plain"),
        (".config.json", "application/json"),
    ])
    func forFile(path: String, type: String) {
        #expect(MIMETypes.contentType(forFile: path) == type)
    }
}
