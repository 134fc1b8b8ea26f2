import Foundation
import Primitives
import StorageAPI

/// One object's metadata file as the emulator writes it (its `StoredFileMetadata`): GCS field names, numbers
/// for generation, metageneration and size, times as ISO 8601 strings, and `crc32c` as the checksum's
/// decimal value (not base64 as on the wire).
enum EmulatorObjectJSON {
    /// What a metadata file says of its object.
    struct Entry {
        var bucket: String
        var name: String
        var size: Int64
        var md5Hash: String
        /// The CRC32C as the emulator writes it: a decimal number in a string.
        var crc32c: String
        var metadata: ObjectMetadataFields
        var stamps: FixedStamps
    }

    static func encode(_ resource: ObjectResource) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("name", .string(resource.name)),
            .init("bucket", .string(resource.bucket)),
            .init("generation", .number(String(resource.generation))),
            .init("metageneration", .number(String(resource.metageneration))),
        ]
        if let contentType = resource.contentType { members.append(.init("contentType", .string(contentType))) }
        members += [
            .init("timeCreated", .string(StorageDateFormat.string(from: resource.timeCreated))),
            .init("updated", .string(StorageDateFormat.string(from: resource.updated))),
            .init("storageClass", .string(resource.storageClass)),
            .init("size", .number(String(resource.size))),
            .init("md5Hash", .string(resource.md5Hash)),
        ]
        if resource.contentEncoding != "identity" {
            members.append(.init("contentEncoding", .string(resource.contentEncoding)))
        }
        let optional: [(String, String?)] = [
            ("contentDisposition", resource.contentDisposition), ("contentLanguage", resource.contentLanguage),
            ("cacheControl", resource.cacheControl),
        ]
        for (key, value) in optional {
            if let value { members.append(.init(key, .string(value))) }
        }
        members += [
            .init("crc32c", .string(decimalCRC32C(resource.crc32c) ?? resource.crc32c)),
            .init("etag", .string(resource.etag)),
            .init("downloadTokens", .array(resource.downloadTokens.map { .string($0) })),
        ]
        if !resource.customMetadata.isEmpty {
            members.append(
                .init(
                    "customMetadata",
                    .object(resource.customMetadata.sorted { $0.key < $1.key }.map { .init($0.key, .string($0.value)) })
                ))
        }
        return .object(members)
    }

    /// Reads a metadata file's value; throws a sentence naming the field that is wrong.
    static func decode(_ value: JSONValue) throws(EmulatorExportError) -> Entry {
        guard case .object = value else { throw problem("expected a JSON object, found \(value.kindDescription)") }
        let name = try required(value, "name")
        let bucket = try required(value, "bucket")
        var metadata = ObjectMetadataFields()
        for field in MetadataField.allCases { metadata[field] = try string(value, field.rawValue) }
        metadata.customMetadata = try customMetadata(value)
        var stamps = FixedStamps()
        stamps.generation = try positive(value, "generation")
        stamps.metageneration = try positive(value, "metageneration")
        stamps.timeCreated = try date(value, "timeCreated")
        stamps.updated = try date(value, "updated")
        stamps.downloadTokens = try downloadTokens(value)
        guard let size = value["size"]?.integerValue, (0...CheckedNumber.largestObject).contains(size) else {
            throw problem("size: expected a byte count up to 5 TiB")
        }
        return Entry(
            bucket: bucket, name: name, size: size,
            md5Hash: try required(value, "md5Hash"), crc32c: try required(value, "crc32c"), metadata: metadata,
            stamps: stamps)
    }

    /// The base64 CRC32C of the wire as the emulator's decimal number.
    static func decimalCRC32C(_ base64: String) -> String? {
        guard case .success(let bytes) = Base64.decode(base64), bytes.count == 4 else { return nil }
        return String(bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }

    private static func problem(_ text: String) -> EmulatorExportError { EmulatorExportError(file: "", problem: text) }

    private static func string(_ value: JSONValue, _ key: String) throws(EmulatorExportError) -> String? {
        switch value[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw problem("\(key): expected a string, found \(other.kindDescription)")
        }
    }

    private static func required(_ value: JSONValue, _ key: String) throws(EmulatorExportError) -> String {
        guard let text = try string(value, key), !text.isEmpty else { throw problem("\(key): missing") }
        return text
    }

    private static func positive(_ value: JSONValue, _ key: String) throws(EmulatorExportError) -> Int64? {
        guard let field = value[key] else { return nil }
        if case .null = field { return nil }
        guard let number = field.integerValue, (1...CheckedNumber.largestGeneration).contains(number) else {
            throw problem(
                "\(key): expected a whole number from 1 to \(CheckedNumber.largestGeneration), found \(field.text)")
        }
        return number
    }

    private static func date(_ value: JSONValue, _ key: String) throws(EmulatorExportError) -> Date? {
        guard let text = try string(value, key) else { return nil }
        guard let date = StorageDateFormat.date(from: text) else {
            throw problem("\(key): \"\(text)\" is not an ISO 8601 time such as 2026-11-25T16:00:00.000Z")
        }
        return date
    }

    private static func downloadTokens(_ value: JSONValue) throws(EmulatorExportError) -> [String]? {
        switch value["downloadTokens"] {
        case nil, .null?: return nil
        case .array(let items)?:
            var tokens: [String] = []
            for item in items {
                guard let token = item.stringValue else { throw problem("downloadTokens: expected strings") }
                tokens.append(token)
            }
            return tokens
        case let other?: throw problem("downloadTokens: expected a list, found \(other.kindDescription)")
        }
    }

    /// Values that are not strings are kept as their JSON text, as the emulator does.
    private static func customMetadata(_ value: JSONValue) throws(EmulatorExportError) -> [String: String] {
        switch value["customMetadata"] {
        case nil, .null?: return [:]
        case .object(let members)?:
            var result: [String: String] = [:]
            for member in members {
                switch member.value {
                case .string(let text): result[member.key] = text
                case .null: result[member.key] = ""
                default: result[member.key] = member.value.text
                }
            }
            return result
        case let other?: throw problem("customMetadata: expected an object, found \(other.kindDescription)")
        }
    }
}
