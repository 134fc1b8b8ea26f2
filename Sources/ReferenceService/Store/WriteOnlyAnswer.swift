import StorageAPI

/// What a metadata update answers a caller the rules let write the object but not read it: the object's
/// address and what the caller set itself; nothing anyone else stored.
enum WriteOnlyAnswer {
    /// `resource` after `patch`, with the custom metadata keys and the content fields the patch did not set,
    /// the download tokens and the checksums withheld (size, generations and times are the object's own).
    static func answer(_ resource: ObjectResource, after patch: MetadataPatch) -> ObjectResource {
        var answer = resource
        answer.customMetadata = resource.customMetadata.filter { key, _ in patch.customMetadata[key] != nil }
        let set = Set(patch.fields.keys)
        if !set.contains(.contentType) { answer.contentType = nil }
        if !set.contains(.cacheControl) { answer.cacheControl = nil }
        if !set.contains(.contentDisposition) { answer.contentDisposition = nil }
        if !set.contains(.contentLanguage) { answer.contentLanguage = nil }
        if !set.contains(.contentEncoding) { answer.contentEncoding = "identity" }
        answer.md5Hash = ""
        answer.crc32c = ""
        answer.downloadTokens = []
        return answer
    }
}
