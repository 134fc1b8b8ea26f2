import Foundation
import Primitives
import StorageAPI

/// The metadata JSON that starts a resumable upload and opens a multipart one:
/// `{"name":…,"contentType":…,"metadata":{…}}`, only the fields that are set.
package enum UploadMetadataJSON {
    /// What a client sends; `name` is the full object path (nil leaves it out).
    package static func encode(name: String?, fields: ObjectMetadataFields) -> Data {
        var members: [JSONValue.Member] = []
        if let name { members.append(.init("name", .string(name))) }
        for field in MetadataField.allCases {
            if let value = fields[field] { members.append(.init(field.rawValue, .string(value))) }
        }
        if !fields.customMetadata.isEmpty {
            members.append(.init("metadata", CustomMetadataJSON.json(fields.customMetadata)))
        }
        return JSONValue.object(members).data
    }

    /// What a server reads: an empty body is no metadata. Each writable field must be a string or null
    /// (null is the same as absent), `metadata` an object of strings (a null value drops the key) or
    /// null; any other type is a 400. Other keys (`bucket`, `size`, … sent by SDKs) are ignored.
    package static func decode(_ data: Data) throws(BackendError) -> (name: String?, fields: ObjectMetadataFields) {
        if WireObject.isBlank(data) { return (nil, ObjectMetadataFields()) }
        let object = try WireObject(parsing: data, what: "the upload metadata", side: .request)
        var fields = ObjectMetadataFields()
        for field in MetadataField.allCases {
            fields[field] = try object.optionalString(field.rawValue)
        }
        if let custom = try object.optionalObject("metadata") {
            fields.customMetadata = try custom.stringOrNullMembers().compactMapValues { $0 }
        }
        return (try object.optionalString("name"), fields)
    }
}
