import Foundation

extension ObjectResource {
    /// An object with nothing set, for decoders to fill in: empty texts, zero counts, 1970, no storage class.
    public static let blank = ObjectResource(
        bucket: "", name: "", generation: 0, metageneration: 0, size: 0, md5Hash: "", crc32c: "", etag: "",
        timeCreated: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 0), storageClass: "")

    /// A writable text field; setting nil clears it (`contentEncoding` to `identity`).
    public subscript(field: MetadataField) -> String? {
        get {
            guard case .text(let text)? = ObjectField(field).value(in: self) else { return nil }
            return text
        }
        set { ObjectField(field).set(newValue.map(ObjectFieldValue.text), in: &self) }
    }

    /// What a client may write: the writable texts (`contentEncoding` as it is, `identity` included) and the
    /// custom metadata.
    public var writableFields: ObjectMetadataFields {
        get {
            var fields = ObjectMetadataFields(customMetadata: customMetadata)
            for field in MetadataField.allCases { fields[field] = self[field] }
            return fields
        }
        set {
            for field in MetadataField.allCases { self[field] = newValue[field] }
            customMetadata = newValue.customMetadata
        }
    }
}
