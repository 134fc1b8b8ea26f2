import Foundation

/// An object's metadata as the rules see it: `resource` (the stored object) and `request.resource` (the object
/// as a write would store it). Optional fields read as `null` when absent.
public struct RulesObject: Sendable, Equatable {
    public var name: String
    public var bucket: String
    public var size: Int64
    public var contentType: String?
    public var md5Hash: String?
    public var crc32c: String?
    public var etag: String?
    public var metadata: [String: String]
    public var contentDisposition: String?
    public var cacheControl: String?
    public var contentEncoding: String?
    public var contentLanguage: String?
    public var timeCreated: Date?
    public var updated: Date?
    public var generation: Int64?
    public var metageneration: Int64?

    public init(
        name: String, bucket: String, size: Int64 = 0, contentType: String? = nil, md5Hash: String? = nil,
        crc32c: String? = nil, etag: String? = nil, metadata: [String: String] = [:],
        contentDisposition: String? = nil, cacheControl: String? = nil, contentEncoding: String? = nil,
        contentLanguage: String? = nil, timeCreated: Date? = nil, updated: Date? = nil, generation: Int64? = nil,
        metageneration: Int64? = nil
    ) {
        self.name = name
        self.bucket = bucket
        self.size = size
        self.contentType = contentType
        self.md5Hash = md5Hash
        self.crc32c = crc32c
        self.etag = etag
        self.metadata = metadata
        self.contentDisposition = contentDisposition
        self.cacheControl = cacheControl
        self.contentEncoding = contentEncoding
        self.contentLanguage = contentLanguage
        self.timeCreated = timeCreated
        self.updated = updated
        self.generation = generation
        self.metageneration = metageneration
    }
}
