import StorageAPI

/// Turns the URL forms a reference may be made from into a `StoragePath`, byte by byte, without
/// Foundation's `URL` (whose rules differ between platforms and releases).
enum StorageURLParser {
    static let schemeMessage = "Internal error: URL scheme must be one of gs://, http://, or https://"
    static let gsMessage = "Internal error: URI must be in the form of gs://<bucket>/<path/to/object>"
    static let httpMessage =
        "Internal error: URL must be in the form of "
        + "http[s]://<host>/v0/b/<bucket>/o/<path/to/object>[?token=signed_url_params]"

    private static let slash = UInt8(ascii: "/")

    static func parse(_ url: String) throws(StorageError) -> StoragePath {
        let bytes = Array(url.utf8)
        if bytes.starts(with: "gs://".utf8) {
            return try parseGS(bytes.dropFirst(5))
        }
        if bytes.starts(with: "http://".utf8) {
            return try parseHTTP(bytes.dropFirst(7))
        }
        if bytes.starts(with: "https://".utf8) {
            return try parseHTTP(bytes.dropFirst(8))
        }
        throw .pathError(schemeMessage)
    }

    /// `gs://bucket[/object]`: the bucket runs to the first `/` after any leading ones, the rest is the
    /// object (standardized, never decoded). `gs://bucket/` has no object; `gs://bucket//` has `""`.
    private static func parseGS(_ rest: ArraySlice<UInt8>) throws(StorageError) -> StoragePath {
        guard let bucketStart = rest.firstIndex(where: { $0 != slash }) else {
            throw .pathError(gsMessage)
        }
        let afterLeading = rest[bucketStart...]
        guard let bucketEnd = afterLeading.firstIndex(of: slash) else {
            return StoragePath(bucket: text(afterLeading), object: nil)
        }
        let bucket = text(rest[bucketStart..<bucketEnd])
        let object = rest[(bucketEnd + 1)...]
        return StoragePath(bucket: bucket, object: object.isEmpty ? nil : text(object))
    }

    /// `http[s]://host[:port]/[v0/]b/<bucket>[/o[/<object>]][?query][#fragment]`.
    private static func parseHTTP(_ rest: ArraySlice<UInt8>) throws(StorageError) -> StoragePath {
        guard !rest.contains(where: isForbidden) else { throw .pathError(httpMessage) }
        let end = rest.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) ?? rest.endIndex
        let beforeQuery = rest[..<end]
        guard let pathStart = beforeQuery.firstIndex(of: slash) else { throw .pathError(httpMessage) }
        var components: [String] = []
        for piece in beforeQuery[pathStart...].split(separator: slash) {
            guard let decoded = GCSEscaping.percentDecode(bytes: piece) else { throw .pathError(httpMessage) }
            components.append(decoded)
        }
        if components.first == "v0" {
            components.removeFirst()
        }
        guard components.count >= 2, components[0] == "b" else { throw .pathError(httpMessage) }
        let bucket = components[1]
        guard components.count > 2 else { return StoragePath(bucket: bucket, object: nil) }
        guard components[2] == "o" else { throw .pathError(httpMessage) }
        guard components.count > 3 else { return StoragePath(bucket: bucket, object: nil) }
        return StoragePath(bucket: bucket, object: components[3...].joined(separator: "/"))
    }

    /// Raw spaces and control characters are not allowed anywhere in an http(s) URL.
    private static func isForbidden(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x7F
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
