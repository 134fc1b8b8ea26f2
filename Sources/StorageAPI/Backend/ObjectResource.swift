import Foundation

/// An object's metadata as the service returns it (docs/wire-protocol.md §2).
public struct ObjectResource: Sendable, Equatable {
    public var bucket: String
    /// The full path.
    public var name: String
    public var generation: Int64
    public var metageneration: Int64
    public var size: Int64
    /// The writable texts that are set, by wire name: each `MetadataField` row of the field table reads and writes
    /// its own, so a new one needs no property here. A text at its unset value (`identity`) is not kept.
    var texts: [String: String] = [:]
    public var customMetadata: [String: String]
    /// Base64 of the MD5 digest (24 characters).
    public var md5Hash: String
    /// Base64 of the big-endian CRC32C.
    public var crc32c: String
    public var etag: String
    public var timeCreated: Date
    public var updated: Date
    public var storageClass: String
    public var downloadTokens: [String]

    public init(
        bucket: String, name: String, generation: Int64, metageneration: Int64, size: Int64,
        contentType: String? = nil, contentEncoding: String = "identity", contentDisposition: String? = nil,
        contentLanguage: String? = nil, cacheControl: String? = nil, customMetadata: [String: String] = [:],
        md5Hash: String, crc32c: String, etag: String, timeCreated: Date, updated: Date,
        storageClass: String = "STANDARD", downloadTokens: [String] = []
    ) {
        self.bucket = bucket
        self.name = name
        self.generation = generation
        self.metageneration = metageneration
        self.size = size
        self.customMetadata = customMetadata
        self.md5Hash = md5Hash
        self.crc32c = crc32c
        self.etag = etag
        self.timeCreated = timeCreated
        self.updated = updated
        self.storageClass = storageClass
        self.downloadTokens = downloadTokens
        self.contentType = contentType
        self.contentEncoding = contentEncoding
        self.contentDisposition = contentDisposition
        self.contentLanguage = contentLanguage
        self.cacheControl = cacheControl
    }

    public var contentType: String? {
        get { self[.contentType] }
        set { self[.contentType] = newValue }
    }
    /// `identity` unless set.
    public var contentEncoding: String {
        get { self[.contentEncoding] ?? "identity" }
        set { self[.contentEncoding] = newValue }
    }
    public var contentDisposition: String? {
        get { self[.contentDisposition] }
        set { self[.contentDisposition] = newValue }
    }
    public var contentLanguage: String? {
        get { self[.contentLanguage] }
        set { self[.contentLanguage] = newValue }
    }
    public var cacheControl: String? {
        get { self[.cacheControl] }
        set { self[.cacheControl] = newValue }
    }
}
