import Foundation
import Primitives
import StorageAPI
import StorageWire

/// A fixture object for `PUT /internal/buckets/{bucket}/objects/{object}`: the upload metadata's fields,
/// `data` (base64), and the values an upload would mint, `downloadTokens` (a list), `generation` and
/// `metageneration` (decimal strings), each optional.
package enum FixtureJSON {
    package static func encode(data: Data, fields: ObjectMetadataFields, stamps: FixedStamps) -> Data {
        var members: [JSONValue.Member] = [.init("data", .string(Base64.encode(data)))]
        for field in MetadataField.allCases {
            if let value = fields[field] { members.append(.init(field.rawValue, .string(value))) }
        }
        if !fields.customMetadata.isEmpty {
            members.append(.init("metadata", CustomMetadataJSON.json(fields.customMetadata)))
        }
        if let tokens = stamps.downloadTokens {
            members.append(.init("downloadTokens", .array(tokens.map { .string($0) })))
        }
        if let generation = stamps.generation { members.append(.init("generation", .string(String(generation)))) }
        if let metageneration = stamps.metageneration {
            members.append(.init("metageneration", .string(String(metageneration))))
        }
        return JSONValue.object(members).data
    }

    /// Reads a fixture strictly: 400 naming the field for anything malformed.
    package static func decode(_ body: Data) throws(BackendError) -> (
        data: Data, fields: ObjectMetadataFields, stamps: FixedStamps
    ) {
        let (_, fields) = try UploadMetadataJSON.decode(body)
        let object = try WireObject(parsing: body, what: "the fixture", side: .request)
        guard case .success(let bytes) = Base64.decode(try object.optionalString("data") ?? "") else {
            throw .badRequest("\"data\" of the fixture must be base64.")
        }
        let data = Data(bytes)
        var stamps = FixedStamps(
            generation: try object.optionalInteger("generation"),
            metageneration: try object.optionalInteger("metageneration"))
        for key in ["generation", "metageneration"] {
            if let value = try object.optionalInteger(key), value < 1 {
                throw .badRequest("\"\(key)\" of the fixture must be a positive integer, not \(value).")
            }
        }
        if let tokens = try object.optionalArray("downloadTokens") {
            stamps.downloadTokens = try tokens.map { (token: JSONValue) throws(BackendError) -> String in
                guard case .string(let text) = token else {
                    throw object.wrongType("downloadTokens", token, expected: "a list of strings")
                }
                return text
            }
        }
        return (data, fields, stamps)
    }
}
