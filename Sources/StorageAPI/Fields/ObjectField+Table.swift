import Foundation
import Primitives

/// The table: every field of an object's metadata, once, with who is shown it, the header that carries it and
/// whether the rules read it. A new field is a row here (and a property of `ObjectResource`), then a place in
/// the list of each `ObjectFieldStyle` that carries it.
extension ObjectField {
    public static let name = text("name", \.name, .anyone)
    public static let bucket = text("bucket", \.bucket, .anyone)
    public static let generation = count(
        "generation", \.generation, 1...CheckedNumber.largestGeneration, .anyone)
    public static let metageneration = count(
        "metageneration", \.metageneration, 1...CheckedNumber.largestGeneration, .anyone)
    public static let size = count("size", \.size, 0...CheckedNumber.largestObject, .anyone)
    public static let md5Hash = checksum("md5Hash", .md5, \.md5Hash, .readers)
    public static let crc32c = checksum("crc32c", .crc32c, \.crc32c, .readers)
    public static let etag = text("etag", \.etag, .anyone)
    public static let timeCreated = time("timeCreated", \.timeCreated, .anyone)
    public static let updated = time("updated", \.updated, .anyone)
    /// GCS's time of the last storage class change: the reference service never changes a class, so it is
    /// the creation time.
    public static let timeStorageClassUpdated = ObjectField(
        "timeStorageClassUpdated", .time, .anyone, rules: false, read: { .time($0.timeCreated) }, write: nil)
    public static let storageClass = text("storageClass", \.storageClass, .anyone, rules: false)
    public static let contentType = writableText("contentType", .written("Content-Type"))
    public static let contentEncoding = writableText("contentEncoding", .written("Content-Encoding"), unset: "identity")
    public static let contentDisposition = writableText("contentDisposition", .echoed("Content-Disposition"))
    public static let contentLanguage = writableText("contentLanguage", .echoed("Content-Language"))
    public static let cacheControl = writableText("cacheControl", .echoed("Cache-Control"))
    public static let customMetadata = stringMap("metadata", \.customMetadata, .readers)
    /// Firebase's download tokens: a download URL's key, so shown only to readers, and not to the rules.
    public static let downloadTokens = tokens("downloadTokens", \.downloadTokens, .readers)

    /// Every field, in the table's order.
    public static let all: [ObjectField] = [
        .name, .bucket, .generation, .metageneration, .size, .md5Hash, .crc32c, .etag, .timeCreated, .updated,
        .timeStorageClassUpdated, .storageClass, .contentType, .contentEncoding, .contentDisposition,
        .contentLanguage, .cacheControl, .customMetadata, .downloadTokens,
    ]

    /// The fields a client may write, in the table's order.
    public static let writable = all.filter(\.isWritable)

    /// The fields the rules read (`resource.NAME`, `request.resource.NAME`), in the table's order.
    public static let seenByRules = all.filter(\.isSeenByRules)

    // MARK: Rows by kind

    private typealias Path<Value> = WritableKeyPath<ObjectResource, Value> & Sendable

    private static func text(_ name: String, _ path: Path<String>, _ audience: Audience, rules: Bool = true)
        -> ObjectField
    {
        ObjectField(
            name, .text, audience, rules: rules, read: { .text($0[keyPath: path]) },
            write: { resource, value in
                guard case .text(let text)? = value else {
                    resource[keyPath: path] = ""
                    return
                }
                resource[keyPath: path] = text
            })
    }

    /// A text a client sets (a `MetadataField`), kept in `ObjectResource.texts` under its name: shown to readers
    /// (and to the writer that set it), read by the rules. Without `unset` it has no value until set; with it,
    /// it reads `unset` then, and setting `unset` is not setting it.
    private static func writableText(_ name: String, _ header: Header, unset: String? = nil) -> ObjectField {
        ObjectField(
            name, .text, .readers, rules: true, header: header, writable: true, unsetText: unset,
            read: { ($0.texts[name] ?? unset).map(ObjectFieldValue.text) },
            write: { resource, value in
                guard case .text(let text)? = value, text != unset else {
                    resource.texts[name] = nil
                    return
                }
                resource.texts[name] = text
            })
    }

    private static func count(
        _ name: String, _ path: Path<Int64>, _ range: ClosedRange<Int64>, _ audience: Audience
    ) -> ObjectField {
        ObjectField(
            name, .count, audience, rules: true, range: range, read: { .count($0[keyPath: path]) },
            write: { resource, value in
                guard case .count(let count)? = value else {
                    resource[keyPath: path] = 0
                    return
                }
                resource[keyPath: path] = count
            })
    }

    private static func time(_ name: String, _ path: Path<Date>, _ audience: Audience) -> ObjectField {
        ObjectField(
            name, .time, audience, rules: true, read: { .time($0[keyPath: path]) },
            write: { resource, value in
                guard case .time(let date)? = value else {
                    resource[keyPath: path] = Date(timeIntervalSince1970: 0)
                    return
                }
                resource[keyPath: path] = date
            })
    }

    private static func checksum(
        _ name: String, _ checksum: Checksum, _ path: Path<String>, _ audience: Audience
    ) -> ObjectField {
        ObjectField(
            name, .checksum(checksum), audience, rules: true, read: { .checksum($0[keyPath: path]) },
            write: { resource, value in
                guard case .checksum(let text)? = value else {
                    resource[keyPath: path] = ""
                    return
                }
                resource[keyPath: path] = text
            })
    }

    private static func tokens(_ name: String, _ path: Path<[String]>, _ audience: Audience) -> ObjectField {
        ObjectField(
            name, .tokens, audience, rules: false, read: { .tokens($0[keyPath: path]) },
            write: { resource, value in
                guard case .tokens(let tokens)? = value else {
                    resource[keyPath: path] = []
                    return
                }
                resource[keyPath: path] = tokens
            })
    }

    private static func stringMap(_ name: String, _ path: Path<[String: String]>, _ audience: Audience)
        -> ObjectField
    {
        ObjectField(
            name, .stringMap, audience, rules: true, writable: true, read: { .stringMap($0[keyPath: path]) },
            write: { resource, value in
                guard case .stringMap(let map)? = value else {
                    resource[keyPath: path] = [:]
                    return
                }
                resource[keyPath: path] = map
            })
    }
}
