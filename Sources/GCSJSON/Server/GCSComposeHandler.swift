import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// `POST /b/{bucket}/o/{object}/compose` (docs/gcs-dialect.md §7): the destination becomes its sources' bytes
/// in order (1 to 32 sources of the same bucket), each source read at the generation it names and behind its
/// `objectPreconditions.ifGenerationMatch`; the destination behind the query's preconditions. The store works
/// out the result's CRC32C and MD5 from the bytes.
struct GCSComposeHandler {
    let backend: any StorageBackend
    let base: () -> String

    /// The most sources one compose takes, as in GCS.
    static let largestComponentCount = 32

    func respond(_ request: StorageRequest, destination: ObjectAddress) throws(BackendError) -> HTTPResponse {
        let object = try WireObject(parsing: request.body, what: "the compose request", side: .request)
        guard let sources = try object.optionalArray("sourceObjects"), !sources.isEmpty else {
            throw .badRequest("A compose request needs sourceObjects: 1 to \(Self.largestComponentCount) objects.")
        }
        guard sources.count <= Self.largestComponentCount else {
            throw .badRequest(
                "A compose request takes at most \(Self.largestComponentCount) sourceObjects, not \(sources.count).")
        }
        var fields = ObjectMetadataFields()
        if let given = object["destination"] { fields = try UploadMetadataJSON.decode(given.data).fields }
        var bytes = Data()
        for source in sources {
            bytes.append(try read(source, bucket: destination.bucket))
        }
        try GCSPreconditions(request.query).check(destination, on: backend)
        let composed = try backend.storeWhole(bytes, to: destination, metadata: fields, layer: .cloudStorage)
        return GCSObjectJSON.response(composed, base: base())
    }

    private func read(_ source: JSONValue, bucket: String) throws(BackendError) -> Data {
        let entry = try WireObject(source, what: "a source object", side: .request)
        let name = try entry.requiredString("name")
        guard !name.isEmpty else { throw .badRequest("A source object needs a name.") }
        let address = ObjectAddress(bucket: bucket, name: name)
        let resource = try backend.getMetadata(address)
        if let generation = try Self.number(entry["generation"], "generation"), generation != resource.generation {
            throw .notFound("No such object: \(bucket)/\(name) has no generation \(generation).")
        }
        if let conditions = try entry.optionalObject("objectPreconditions"),
            let wanted = try Self.number(conditions["ifGenerationMatch"], "ifGenerationMatch"),
            wanted != resource.generation
        {
            throw BackendError(
                status: 412,
                "Precondition Failed: ifGenerationMatch=\(wanted) for source \(name), whose generation is \(resource.generation)."
            )
        }
        return try backend.readObject(ReadRequest(object: address)).contents()
    }

    private static func number(_ value: JSONValue?, _ name: String) throws(BackendError) -> Int64? {
        guard let value else { return nil }
        if case .null = value { return nil }
        guard let number = value.integerValue, number >= 0 else {
            throw .badRequest("Invalid \(name): expected a non-negative whole number.")
        }
        return number
    }
}
