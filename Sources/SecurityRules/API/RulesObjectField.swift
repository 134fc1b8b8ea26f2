/// A field of an object as the rules read it (`resource.size`, `request.resource.contentType`, …).
public enum RulesObjectField: String, Sendable, CaseIterable {
    case name, bucket, size, contentType, md5Hash, crc32c, etag, metadata, contentDisposition, cacheControl
    case contentEncoding, contentLanguage, timeCreated, updated, generation, metageneration
}
