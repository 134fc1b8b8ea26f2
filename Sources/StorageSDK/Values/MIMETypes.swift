/// The static table `putFile` infers a content type from, by the local file's extension (the SDK asks
/// the platform's `UTType`, which Linux does not have).
///
/// Choices where several types are in use: `js`/`mjs` → `text/javascript` (RFC 9239), `wav` →
/// `audio/wav`, `xml` → `application/xml`.
public enum MIMETypes {
    /// The type for an extension, compared case-insensitively, without the dot; nil if unknown.
    public static func contentType(forPathExtension pathExtension: String) -> String? {
        table[pathExtension.lowercased()]
    }

    /// The type for a file path or name by its extension, or `application/octet-stream` when it has no
    /// extension (`README`, `.bashrc`, `notes.`) or an unknown one.
    public static func contentType(forFile path: String) -> String {
        guard let pathExtension = pathExtension(of: path) else { return fallback }
        return contentType(forPathExtension: pathExtension) ?? fallback
    }

    /// The type used when nothing else is known.
    public static let fallback = "application/octet-stream"

    /// The text after the last `.` of the last path segment; none for dotfiles and trailing dots.
    private static func pathExtension(of path: String) -> String? {
        let fileName = StoragePath.lastSegment(of: path)
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        let pathExtension = fileName[fileName.index(after: dot)...]
        return pathExtension.isEmpty ? nil : String(pathExtension)
    }

    private static let table: [String: String] = [
        // Text
        "txt": "text/plain", "text": "text/plain", "log": "text/plain",
        "html": "text/html", "htm": "text/html",
        "css": "text/css",
        "js": "text/javascript", "mjs": "text/javascript",
        "csv": "text/csv", "tsv": "text/tab-separated-values",
        "md": "text/markdown", "markdown": "text/markdown",
        "ics": "text/calendar", "vcf": "text/vcard", "rtf": "application/rtf",
        // Data
        "json": "application/json", "xml": "application/xml",
        "yaml": "application/yaml", "yml": "application/yaml",
        "pdf": "application/pdf", "wasm": "application/wasm",
        // Archives
        "zip": "application/zip", "gz": "application/gzip", "tgz": "application/gzip",
        "tar": "application/x-tar", "bz2": "application/x-bzip2", "7z": "application/x-7z-compressed",
        // Images
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "svg": "image/svg+xml", "bmp": "image/bmp",
        "tif": "image/tiff", "tiff": "image/tiff", "ico": "image/vnd.microsoft.icon",
        "heic": "image/heic", "heif": "image/heif", "avif": "image/avif",
        // Audio
        "mp3": "audio/mpeg", "wav": "audio/wav", "m4a": "audio/mp4", "aac": "audio/aac",
        "ogg": "audio/ogg", "oga": "audio/ogg", "flac": "audio/flac", "aiff": "audio/aiff", "aif": "audio/aiff",
        // Video
        "mp4": "video/mp4", "m4v": "video/x-m4v", "mov": "video/quicktime", "webm": "video/webm",
        "avi": "video/x-msvideo", "mpeg": "video/mpeg", "mpg": "video/mpeg", "3gp": "video/3gpp",
        // Fonts
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        // Documents
        "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls": "application/vnd.ms-excel",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "ppt": "application/vnd.ms-powerpoint",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "epub": "application/epub+zip",
    ]
}
