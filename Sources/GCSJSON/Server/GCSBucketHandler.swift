import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// `/storage/v1/b` and `/storage/v1/b/{bucket}`: create, get, list and delete buckets.
struct GCSBucketHandler {
    let backend: any StorageBackend
    let registry: GCSBucketRegistry
    let base: String

    func respond(_ request: StorageRequest, route: GCSRoute) throws(BackendError) -> HTTPResponse {
        switch (route, request.method) {
        case (.buckets, "POST"):
            let object = try WireObject(parsing: request.body, what: "the bucket", side: .request)
            let name = try object.requiredString("name")
            try BucketNameRules.validate(name)
            guard registry.create(name) else {
                throw BackendError(
                    status: 409, "Your previous request to create the named bucket succeeded and you already own it.")
            }
            return WireResponse.json(json(name).data)
        case (.buckets, _):
            let items = registry.names.map { json($0) }
            return WireResponse.json(
                JSONValue.members(["kind": .string("storage#buckets"), "items": .array(items)]).data)
        case (.bucket(let name), "DELETE"):
            guard try exists(name) else { throw .notFound("The specified bucket does not exist.") }
            guard try backend.list(ListRequest(bucket: name, delimiter: nil, maxResults: 1)).items.isEmpty else {
                throw BackendError(status: 409, "The bucket you tried to delete is not empty.")
            }
            registry.remove(name)
            return HTTPResponse(status: 204)
        case (.bucket(let name), _):
            guard try exists(name) else { throw .notFound("The specified bucket does not exist.") }
            return WireResponse.json(json(name).data)
        default:
            throw .notFound("Not Found")
        }
    }

    private func exists(_ name: String) throws(BackendError) -> Bool {
        if registry.creationTime(name) != nil { return true }
        return !(try backend.list(ListRequest(bucket: name, delimiter: nil, maxResults: 1)).items.isEmpty)
    }

    private func json(_ name: String) -> JSONValue {
        let created = StorageDateFormat.string(from: registry.creationTime(name) ?? Date(timeIntervalSince1970: 0))
        return .members([
            "kind": .string("storage#bucket"), "id": .string(name), "name": .string(name),
            "selfLink": .string(base + "/storage/v1/b/" + GCSEscaping.escape(name)),
            "projectNumber": .string("0"), "metageneration": .string("1"), "location": .string("US"),
            "storageClass": .string("STANDARD"), "etag": .string("CAE="), "timeCreated": .string(created),
            "updated": .string(created),
        ])
    }
}
