import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// An object's metadata as the XML API carries it in headers: each writable text by the header the field table
/// gives it (`ObjectField.header`) and `x-goog-meta-KEY` on writes; on answers also
/// `ETag` (the quoted hex MD5), `Last-Modified`, `x-goog-generation`, `x-goog-metageneration`, `x-goog-hash` and
/// `x-goog-stored-content-*`.
enum XMLObjectHeaders {
    static let metaPrefix = "x-goog-meta-"

    /// The metadata a write's headers set; custom keys are lower-cased, as header names are compared.
    static func fields(from http: HTTPRequest) -> ObjectMetadataFields {
        var fields = ObjectMetadataFields()
        for field in MetadataField.allCases {
            fields[field] = ObjectField(field).header.flatMap { http.headers[$0.name] }
        }
        for (name, value) in http.headers where name.lowercased().hasPrefix(metaPrefix) {
            let key = String(name.dropFirst(metaPrefix.count)).lowercased()
            if !key.isEmpty { fields.customMetadata[key] = value }
        }
        return fields
    }

    /// The most bytes of `x-goog-meta-*` names and values on one object, as GCS allows (docs/limits.md).
    static let customMetadataLimit = 8 * 1024

    /// `fields(from:)`, refused (400) when the custom metadata passes `customMetadataLimit`.
    static func limitedFields(from http: HTTPRequest) throws(BackendError) -> ObjectMetadataFields {
        let fields = fields(from: http)
        let size = fields.customMetadata.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        guard size <= customMetadataLimit else {
            throw XMLErrorBody.coded(
                "InvalidArgument", status: 400,
                "The custom metadata (x-goog-meta-*) holds \(size) bytes; at most \(customMetadataLimit) are allowed.")
        }
        return fields
    }

    /// The writable metadata of `resource`, as a copy keeps it: a text at its unset value (`identity`) is not set.
    static func fields(of resource: ObjectResource) -> ObjectMetadataFields {
        var fields = resource.writableFields
        for field in MetadataField.allCases where fields[field] == ObjectField(field).unsetText {
            fields[field] = nil
        }
        return fields
    }

    /// What a write's answer says of the object it made.
    static func written(_ resource: ObjectResource) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers["ETag"] = MediaETag.of(md5Base64: resource.md5Hash)
        headers["x-goog-generation"] = String(resource.generation)
        headers["x-goog-metageneration"] = String(resource.metageneration)
        headers["x-goog-hash"] = "crc32c=\(resource.crc32c),md5=\(resource.md5Hash)"
        headers["x-goog-stored-content-length"] = String(resource.size)
        headers["x-goog-stored-content-encoding"] = resource.contentEncoding
        return headers
    }

    /// What a read's answer adds to the download headers (`ObjectReadHandler`): `Last-Modified` and the custom keys.
    static func addReadHeaders(of resource: ObjectResource, to headers: inout HTTPHeaders) {
        headers["Last-Modified"] = HTTPDate.string(from: resource.updated)
        headers["ETag"] = MediaETag.of(md5Base64: resource.md5Hash)
        let custom = DownloadTokensMetadata.adding(resource.downloadTokens, to: resource.customMetadata)
        for (key, value) in custom.sorted(by: { $0.key < $1.key })
        where key.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }) {
            WireResponse.setHeader(metaPrefix + key, value, in: &headers)
        }
    }
}
