import Foundation
import Primitives
import StorageAPI

/// The body of a metadata update (PATCH): a field set to a string changes it, `null` removes it, an
/// absent field stays; `metadata` merges key by key (`null` deletes a key), and `"metadata": null`
/// removes every custom key.
package enum MetadataPatchJSON {
    /// What a client sends. A patch that clears all custom keys and also sets some cannot be said in one
    /// body; it is written as the clear alone (`FirebaseV0Client` rewrites such patches before sending).
    package static func encode(_ patch: MetadataPatch) -> Data {
        var members: [JSONValue.Member] = []
        for field in MetadataField.allCases {
            guard let change = patch.fields[field] else { continue }
            members.append(.init(field.rawValue, change.map(JSONValue.string) ?? .null))
        }
        if patch.removesAllCustomMetadata {
            members.append(.init("metadata", .null))
        } else if !patch.customMetadata.isEmpty {
            members.append(.init("metadata", CustomMetadataJSON.json(patch.customMetadata)))
        }
        return JSONValue.object(members).data
    }

    /// What a server reads, strictly: writable fields must be strings or null, `metadata` an object of
    /// strings and nulls, or null; anything else is a 400. Unknown keys (`name`, `size`, … that SDKs
    /// send) are ignored. An empty body is an empty patch.
    package static func decode(_ data: Data) throws(BackendError) -> MetadataPatch {
        if WireObject.isBlank(data) { return MetadataPatch() }
        let object = try WireObject(parsing: data, what: "the metadata update", side: .request)
        var patch = MetadataPatch()
        for field in MetadataField.allCases {
            if let change = try object.nullableString(field.rawValue) { patch.fields[field] = change }
        }
        if case .null? = object["metadata"] {
            patch.removesAllCustomMetadata = true
        } else if let custom = try object.optionalObject("metadata") {
            patch.customMetadata = try custom.stringOrNullMembers()
        }
        return patch
    }
}
