import Foundation
import Primitives
import StorageAPI

/// An object's metadata as v0 JSON (docs/wire-protocol.md §2), both ways.
///
/// Written as the Firebase emulator writes it: counts as decimal strings, dates with milliseconds,
/// `downloadTokens` comma-joined, `metadata` only when there are custom keys. Read tolerantly, so any
/// endpoint can be measured: counts as numbers or strings, `crc32c` as base64 or as the emulator's
/// decimal, absent optional fields and unknown keys. Only a missing `name` or `bucket`, or a field of
/// the wrong type, is a malformed response.
package enum ObjectResourceJSON {
    package static func encode(_ resource: ObjectResource) -> Data {
        var writer = JSONObjectWriter()
        writer.string("name", resource.name)
        writer.string("bucket", resource.bucket)
        writer.string("generation", String(resource.generation))
        writer.string("metageneration", String(resource.metageneration))
        if let contentType = resource.contentType { writer.string("contentType", contentType) }
        writer.string("timeCreated", StorageDateFormat.string(from: resource.timeCreated))
        writer.string("updated", StorageDateFormat.string(from: resource.updated))
        writer.string("storageClass", resource.storageClass)
        writer.string("size", String(resource.size))
        writer.string("md5Hash", resource.md5Hash)
        writer.string("crc32c", resource.crc32c)
        writer.string("etag", resource.etag)
        if !resource.downloadTokens.isEmpty {
            writer.string("downloadTokens", resource.downloadTokens.joined(separator: ","))
        }
        writer.string("contentEncoding", resource.contentEncoding)
        if let disposition = resource.contentDisposition { writer.string("contentDisposition", disposition) }
        if !resource.customMetadata.isEmpty {
            writer.value("metadata", CustomMetadataJSON.json(resource.customMetadata))
        }
        if let language = resource.contentLanguage { writer.string("contentLanguage", language) }
        if let cacheControl = resource.cacheControl { writer.string("cacheControl", cacheControl) }
        return writer.finish()
    }

    /// Reads a service's answer; throws `.malformedResponse` naming what is wrong.
    package static func decode(_ data: Data) throws(BackendError) -> ObjectResource {
        try decode(WireObject(parsing: data, what: "the object metadata", side: .response))
    }

    package static func decode(_ object: WireObject) throws(BackendError) -> ObjectResource {
        ObjectResource(
            bucket: try object.requiredString("bucket"),
            name: try object.requiredString("name"),
            generation: try object.optionalInteger("generation") ?? 0,
            metageneration: try object.optionalInteger("metageneration") ?? 0,
            size: try object.optionalInteger("size") ?? 0,
            contentType: try object.optionalString("contentType"),
            contentEncoding: try object.optionalString("contentEncoding") ?? "identity",
            contentDisposition: try object.optionalString("contentDisposition"),
            contentLanguage: try object.optionalString("contentLanguage"),
            cacheControl: try object.optionalString("cacheControl"),
            customMetadata: try customMetadata(object),
            md5Hash: try object.optionalString("md5Hash") ?? "",
            crc32c: try crc32c(object),
            etag: try object.optionalString("etag") ?? "",
            timeCreated: try date(object, "timeCreated"),
            updated: try date(object, "updated"),
            storageClass: try object.optionalString("storageClass") ?? "",
            downloadTokens: try downloadTokens(object))
    }

    private static func customMetadata(_ object: WireObject) throws(BackendError) -> [String: String] {
        guard let nested = try object.optionalObject("metadata") else { return [:] }
        return try nested.stringOrNullMembers().compactMapValues { $0 }
    }

    /// Base64 of the big-endian value; the emulator's decimal form is converted.
    private static func crc32c(_ object: WireObject) throws(BackendError) -> String {
        switch object["crc32c"] {
        case nil, .null?: return ""
        case .number(let text)?:
            guard let value = UInt32(text) else {
                throw object.wrongType("crc32c", .number(text), expected: "a 32-bit checksum")
            }
            return CRC32C.base64(value)
        case .string(let text)?:
            if let value = UInt32(text), text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                return CRC32C.base64(value)
            }
            return text
        case let other?:
            throw object.wrongType("crc32c", other, expected: "a string")
        }
    }

    /// Dates are kept to the millisecond, as services write them; an absent date reads as 1970.
    private static func date(_ object: WireObject, _ key: String) throws(BackendError) -> Date {
        guard let text = try object.optionalString(key) else { return Date(timeIntervalSince1970: 0) }
        guard let date = StorageDateFormat.date(from: text) else {
            throw object.side.failure("\"\(key)\" in \(object.what) is not a timestamp: \(text)")
        }
        return Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    /// A comma-joined string (empty parts dropped), or an array of strings.
    private static func downloadTokens(_ object: WireObject) throws(BackendError) -> [String] {
        switch object["downloadTokens"] {
        case nil, .null?:
            return []
        case .string(let text)?:
            return text.split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
        case .array(let elements)?:
            var tokens: [String] = []
            for element in elements {
                guard case .string(let token) = element else {
                    throw object.wrongType("downloadTokens", element, expected: "a list of strings")
                }
                tokens.append(token)
            }
            return tokens
        case let other?:
            throw object.wrongType("downloadTokens", other, expected: "a string")
        }
    }
}
