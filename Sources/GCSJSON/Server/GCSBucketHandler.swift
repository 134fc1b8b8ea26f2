import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// `/storage/v1/b` and `/storage/v1/b/{bucket}`: create, get, list, patch, update and delete the buckets the
/// backend holds, and lock their retention policy. A backend that keeps no buckets answers these routes 501.
struct GCSBucketHandler {
    let catalog: (any BucketCatalog)?
    let store: GCSResourceStore
    let base: String

    func respond(_ request: StorageRequest, route: GCSRoute) throws(BackendError) -> HTTPResponse {
        let catalog = try Self.required(catalog)
        let full = request.query["projection"] == "full"
        switch (route, request.method) {
        case (.buckets, "POST"):
            let object = try WireObject(parsing: request.body, what: "the bucket", side: .request)
            let name = try object.requiredString("name")
            try BucketNameRules.validate(name)
            // The metadata is checked before the bucket exists, so a bad body creates nothing.
            var probe = GCSBucketState()
            try probe.apply(request.body, replace: true, query: request.query)
            let bucket = try catalog.createBucket(name)
            let state = try store.withBucket(bucket) { (state: inout GCSBucketState) throws(BackendError) in
                try state.apply(request.body, replace: true, query: request.query)
                state.metageneration = 1
                return state
            }
            return WireResponse.json(json(bucket, state, full: full).data)
        case (.buckets, _):
            var items: [JSONValue] = []
            for bucket in catalog.buckets() {
                items.append(json(bucket, try store.withBucket(bucket) { $0 }, full: full))
            }
            var body = JSONObjectWriter()
            body.string("kind", "storage#buckets")
            if !items.isEmpty { body.value("items", .array(items)) }
            return WireResponse.json(body.finish())
        case (.bucket(let name), "DELETE"):
            let bucket = try catalog.bucket(name)
            try store.withBucket(bucket) { (state: inout GCSBucketState) throws(BackendError) in
                try Self.check(request.query, state)
            }
            try catalog.deleteBucket(name)
            store.forget(bucket: name)
            return HTTPResponse(status: 204)
        case (.bucket(let name), "PATCH"), (.bucket(let name), "PUT"):
            let bucket = try catalog.bucket(name)
            let state = try store.withBucket(bucket) { (state: inout GCSBucketState) throws(BackendError) in
                try Self.check(request.query, state)
                try state.apply(request.body, replace: request.method == "PUT", query: request.query)
                return state
            }
            return WireResponse.json(json(bucket, state, full: full).data)
        case (.bucket(let name), _):
            let bucket = try catalog.bucket(name)
            let state = try store.withBucket(bucket) { (state: inout GCSBucketState) throws(BackendError) in
                try Self.check(request.query, state)
                return state
            }
            return WireResponse.json(json(bucket, state, full: full).data)
        case (.bucketPart(let name, .lockRetentionPolicy, _), _):
            let bucket = try catalog.bucket(name)
            guard request.query["ifMetagenerationMatch"] != nil else {
                throw .badRequest("lockRetentionPolicy requires ifMetagenerationMatch.")
            }
            let state = try store.withBucket(bucket) { (state: inout GCSBucketState) throws(BackendError) in
                try Self.check(request.query, state)
                try state.lockRetention()
                return state
            }
            return WireResponse.json(json(bucket, state, full: full).data)
        default:
            throw .notFound("Not Found")
        }
    }

    static func required(_ catalog: (any BucketCatalog)?) throws(BackendError) -> any BucketCatalog {
        guard let catalog else { throw BackendError(status: 501, "The service behind this server keeps no buckets.") }
        return catalog
    }

    /// `ifMetagenerationMatch` and `ifMetagenerationNotMatch` against the bucket's metageneration: 412 when unmet.
    static func check(_ query: QueryParameters, _ state: GCSBucketState) throws(BackendError) {
        for (name, equal) in [("ifMetagenerationMatch", true), ("ifMetagenerationNotMatch", false)] {
            guard let text = query[name] else { continue }
            guard let wanted = JSONValue.decimalInteger(text), wanted >= 0 else {
                throw .badRequest("Invalid \(name) \"\(text)\": expected a non-negative whole number.")
            }
            if (wanted == state.metageneration) != equal {
                throw BackendError(
                    status: 412,
                    "Precondition Failed: \(name)=\(wanted), but the bucket's metageneration is \(state.metageneration)."
                )
            }
        }
    }

    /// The bucket resource; `full` adds its ACLs (`projection=full`).
    func json(_ bucket: BucketResource, _ state: GCSBucketState, full: Bool) -> JSONValue {
        GCSBucketField.resource(.init(bucket: bucket, state: state, base: base), full: full)
    }
}
