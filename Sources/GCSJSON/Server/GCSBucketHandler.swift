import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// `/storage/v1/b` and `/storage/v1/b/{bucket}`: create, get, list and delete the buckets the backend holds. A
/// backend that keeps no buckets answers these routes 501.
struct GCSBucketHandler {
    let catalog: (any BucketCatalog)?
    let base: String

    func respond(_ request: StorageRequest, route: GCSRoute) throws(BackendError) -> HTTPResponse {
        guard let catalog else {
            throw BackendError(status: 501, "The service behind this server keeps no buckets.")
        }
        switch (route, request.method) {
        case (.buckets, "POST"):
            let object = try WireObject(parsing: request.body, what: "the bucket", side: .request)
            return WireResponse.json(json(try catalog.createBucket(try object.requiredString("name"))).data)
        case (.buckets, _):
            let items = catalog.buckets().map(json)
            var body = JSONObjectWriter()
            body.string("kind", "storage#buckets")
            if !items.isEmpty { body.value("items", .array(items)) }
            return WireResponse.json(body.finish())
        case (.bucket(let name), "DELETE"):
            try catalog.deleteBucket(name)
            return HTTPResponse(status: 204)
        case (.bucket(let name), _):
            return WireResponse.json(json(try catalog.bucket(name)).data)
        default:
            throw .notFound("Not Found")
        }
    }

    private func json(_ bucket: BucketResource) -> JSONValue {
        let created = StorageDateFormat.string(from: bucket.timeCreated)
        return .members([
            "kind": .string("storage#bucket"), "id": .string(bucket.name), "name": .string(bucket.name),
            "selfLink": .string(base + "/storage/v1/b/" + GCSEscaping.escape(bucket.name)),
            "projectNumber": .string("0"), "metageneration": .string("1"), "location": .string("US"),
            "storageClass": .string("STANDARD"), "etag": .string("CAE="), "timeCreated": .string(created),
            "updated": .string(created),
        ])
    }
}
