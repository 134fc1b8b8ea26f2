/// A location in Cloud Storage: a bucket and an optional object path, as the SDK's `StoragePath`.
///
/// `object == nil` is the bucket's root; `object == ""` is an empty path (from `child("/")` or the
/// parent of a single segment). Both print `gs://bucket/`, but they are different values.
///
/// The object is standardized on creation (repeated `/` collapsed, `/` trimmed at both ends) and
/// nothing else: `.`/`..`, spaces, `%`, `#`, `?`, `\`, CR/LF and non-ASCII stay literal. Equality and
/// hashing compare bytes (UTF-8), not canonical equivalence: NFC "é" and NFD "é" are different paths.
public struct StoragePath: Sendable, Hashable, CustomStringConvertible {
    public let bucket: String
    /// The object's path; nil at the root, `""` for an empty path.
    public let object: String?

    /// A path in `bucket`; a non-nil `object` is standardized.
    public init(bucket: String, object: String?) {
        self.bucket = bucket
        self.object = object.map(StoragePath.standardize)
    }

    /// Collapses repeated `/` and trims `/` at both ends; every other character is kept as it is.
    public static func standardize(_ path: String) -> String {
        let bytes = path.utf8
        guard needsStandardizing(bytes) else { return path }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var pendingSlash = false
        for byte in bytes {
            if byte == slash {
                pendingSlash = !output.isEmpty
                continue
            }
            if pendingSlash {
                output.append(slash)
                pendingSlash = false
            }
            output.append(byte)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The path with `path` appended (SDK semantics): an empty `path` gives the same value (the root
    /// stays the root); otherwise `standardize(object + "/" + path)`, so `"/"` on the root gives `""`.
    public func child(_ path: String) -> StoragePath {
        guard !path.isEmpty else { return self }
        guard let object else { return StoragePath(bucket: bucket, object: path) }
        return StoragePath(bucket: bucket, object: object + "/" + path)
    }

    /// The path without its last segment: nil at the root and for the empty path; `"a"` gives `""`.
    public func parent() -> StoragePath? {
        guard let object, !object.isEmpty else { return nil }
        return StoragePath(bucket: bucket, object: StoragePath.dropLastSegment(of: object))
    }

    /// The bucket's root (object nil).
    public func root() -> StoragePath {
        StoragePath(bucket: bucket, object: nil)
    }

    /// The last segment of the object; `""` at the root and for the empty path.
    public var name: String {
        object.map(StoragePath.lastSegment(of:)) ?? ""
    }

    /// The object path; `""` at the root.
    public var fullPath: String { object ?? "" }

    /// `gs://bucket/path`; the root and the empty path both print `gs://bucket/`.
    public var description: String { "gs://" + bucket + "/" + (object ?? "") }

    /// Parses `gs://bucket/path` (kept literally) or `http[s]://host/v0/b/bucket/o/escaped%2Fpath`
    /// (decoded per component; host, port, query and fragment ignored; `/v0` may be left out).
    /// Anything else fails with `pathError` and the SDK's message.
    public static func parse(_ url: String) throws(StorageError) -> StoragePath {
        try StorageURLParser.parse(url)
    }

    public static func == (lhs: StoragePath, rhs: StoragePath) -> Bool {
        guard lhs.bucket.utf8.elementsEqual(rhs.bucket.utf8) else { return false }
        switch (lhs.object, rhs.object) {
        case (nil, nil): return true
        case (let left?, let right?): return left.utf8.elementsEqual(right.utf8)
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        StoragePath.combineBytes(of: bucket, into: &hasher)
        if let object {
            hasher.combine(true)
            StoragePath.combineBytes(of: object, into: &hasher)
        } else {
            hasher.combine(false)
        }
    }
}

extension StoragePath {
    private static let slash = UInt8(ascii: "/")

    /// The text after the last `/`, or all of `path` when it has none.
    static func lastSegment(of path: String) -> String {
        let bytes = path.utf8
        guard let lastSlash = bytes.lastIndex(of: slash) else { return path }
        return String(path[bytes.index(after: lastSlash)...])
    }

    /// The text before the last `/`, or `""` when it has none.
    static func dropLastSegment(of path: String) -> String {
        let bytes = path.utf8
        guard let lastSlash = bytes.lastIndex(of: slash) else { return "" }
        return String(path[..<lastSlash])
    }

    private static func needsStandardizing(_ bytes: String.UTF8View) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first == slash || last == slash { return true }
        var previousWasSlash = false
        for byte in bytes {
            let isSlash = byte == slash
            if isSlash && previousWasSlash { return true }
            previousWasSlash = isSlash
        }
        return false
    }

    private static func combineBytes(of text: String, into hasher: inout Hasher) {
        let bytes = text.utf8
        hasher.combine(bytes.count)
        let combined: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            hasher.combine(bytes: UnsafeRawBufferPointer(buffer))
        }
        if combined == nil {
            for byte in bytes { hasher.combine(byte) }
        }
    }
}
