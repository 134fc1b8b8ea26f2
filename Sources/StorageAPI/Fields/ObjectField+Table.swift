import Foundation
import Primitives

/// The table: every field of an object's metadata, once. A new field is a row here (and a property of
/// `ObjectResource`), then a place in the list of each `ObjectFieldStyle` that carries it.
extension ObjectField {
    public static let name = text("name", \.name)
    public static let bucket = text("bucket", \.bucket)
    public static let generation = count("generation", \.generation, 1...CheckedNumber.largestGeneration)
    public static let metageneration = count(
        "metageneration", \.metageneration, 1...CheckedNumber.largestGeneration)
    public static let size = count("size", \.size, 0...CheckedNumber.largestObject)
    public static let md5Hash = checksum("md5Hash", .md5, \.md5Hash)
    public static let crc32c = checksum("crc32c", .crc32c, \.crc32c)
    public static let etag = text("etag", \.etag)
    public static let timeCreated = time("timeCreated", \.timeCreated)
    public static let updated = time("updated", \.updated)
    /// GCS's time of the last storage class change: the reference service never changes a class, so it is
    /// the creation time.
    public static let timeStorageClassUpdated = ObjectField(
        "timeStorageClassUpdated", .time, read: { .time($0.timeCreated) }, write: nil)
    public static let storageClass = text("storageClass", \.storageClass)
    public static let contentType = optionalText(.contentType, \.contentType)
    public static let contentEncoding = text("contentEncoding", \.contentEncoding, writable: true, unset: "identity")
    public static let contentDisposition = optionalText(.contentDisposition, \.contentDisposition)
    public static let contentLanguage = optionalText(.contentLanguage, \.contentLanguage)
    public static let cacheControl = optionalText(.cacheControl, \.cacheControl)
    public static let customMetadata = stringMap("metadata", \.customMetadata)
    /// Firebase's download tokens.
    public static let downloadTokens = tokens("downloadTokens", \.downloadTokens)

    /// Every field, in the table's order.
    public static let all: [ObjectField] = [
        .name, .bucket, .generation, .metageneration, .size, .md5Hash, .crc32c, .etag, .timeCreated, .updated,
        .timeStorageClassUpdated, .storageClass, .contentType, .contentEncoding, .contentDisposition,
        .contentLanguage, .cacheControl, .customMetadata, .downloadTokens,
    ]

    /// The fields a client may write, in the table's order.
    public static let writable = all.filter(\.isWritable)

    // MARK: Rows by kind

    private typealias Path<Value> = WritableKeyPath<ObjectResource, Value> & Sendable

    private static func text(_ name: String, _ path: Path<String>, writable: Bool = false, unset: String? = nil)
        -> ObjectField
    {
        ObjectField(
            name, .text, writable: writable, unsetText: unset, read: { .text($0[keyPath: path]) },
            write: { resource, value in
                guard case .text(let text)? = value else {
                    resource[keyPath: path] = unset ?? ""
                    return
                }
                resource[keyPath: path] = text
            })
    }

    private static func optionalText(_ field: MetadataField, _ path: Path<String?>) -> ObjectField {
        ObjectField(
            field.rawValue, .text, writable: true, read: { $0[keyPath: path].map(ObjectFieldValue.text) },
            write: { resource, value in
                guard case .text(let text)? = value else {
                    resource[keyPath: path] = nil
                    return
                }
                resource[keyPath: path] = text
            })
    }

    private static func count(_ name: String, _ path: Path<Int64>, _ range: ClosedRange<Int64>) -> ObjectField {
        ObjectField(
            name, .count, range: range, read: { .count($0[keyPath: path]) },
            write: { resource, value in
                guard case .count(let count)? = value else {
                    resource[keyPath: path] = 0
                    return
                }
                resource[keyPath: path] = count
            })
    }

    private static func time(_ name: String, _ path: Path<Date>) -> ObjectField {
        ObjectField(
            name, .time, read: { .time($0[keyPath: path]) },
            write: { resource, value in
                guard case .time(let date)? = value else {
                    resource[keyPath: path] = Date(timeIntervalSince1970: 0)
                    return
                }
                resource[keyPath: path] = date
            })
    }

    private static func checksum(_ name: String, _ checksum: Checksum, _ path: Path<String>) -> ObjectField {
        ObjectField(
            name, .checksum(checksum), read: { .checksum($0[keyPath: path]) },
            write: { resource, value in
                guard case .checksum(let text)? = value else {
                    resource[keyPath: path] = ""
                    return
                }
                resource[keyPath: path] = text
            })
    }

    private static func tokens(_ name: String, _ path: Path<[String]>) -> ObjectField {
        ObjectField(
            name, .tokens, read: { .tokens($0[keyPath: path]) },
            write: { resource, value in
                guard case .tokens(let tokens)? = value else {
                    resource[keyPath: path] = []
                    return
                }
                resource[keyPath: path] = tokens
            })
    }

    private static func stringMap(_ name: String, _ path: Path<[String: String]>) -> ObjectField {
        ObjectField(
            name, .stringMap, writable: true, read: { .stringMap($0[keyPath: path]) },
            write: { resource, value in
                guard case .stringMap(let map)? = value else {
                    resource[keyPath: path] = [:]
                    return
                }
                resource[keyPath: path] = map
            })
    }
}
