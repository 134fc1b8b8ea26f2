import Primitives

extension StorageMetadata {
    /// The properties a scenario can name (`metadata: { size: … }`, `$meta.generation`): the one list the
    /// scenario reader, its JSON Schema and the runner use.
    public static let propertyNames = [
        "bucket", "cacheControl", "contentDisposition", "contentEncoding", "contentLanguage", "contentType",
        "customMetadata", "generation", "metageneration", "md5Hash", "name", "path", "size", "timeCreated", "updated",
    ]

    /// A scalar property by name, as text (numbers in decimal, times in RFC 3339 with milliseconds); nil when
    /// it is absent or `name` is not a scalar property.
    public func property(_ name: String) -> String? {
        switch name {
        case "bucket": bucket
        case "cacheControl": cacheControl
        case "contentDisposition": contentDisposition
        case "contentEncoding": contentEncoding
        case "contentLanguage": contentLanguage
        case "contentType": contentType
        case "generation": String(generation)
        case "metageneration": String(metageneration)
        case "md5Hash": md5Hash
        case "name": self.name
        case "path": path
        case "size": String(size)
        case "timeCreated": timeCreated.map(StorageDateFormat.string(from:))
        case "updated": updated.map(StorageDateFormat.string(from:))
        default: nil
        }
    }
}
