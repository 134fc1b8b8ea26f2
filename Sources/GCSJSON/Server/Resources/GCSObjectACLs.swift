import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// An object's ACL on the object routes: a `PATCH`/`PUT` body's `acl` and the query's `predefinedAcl` set it;
/// `projection=full` answers it in the resource (docs/gcs-dialect.md §7).
struct GCSObjectACLs {
    let store: GCSResourceStore
    let catalog: (any BucketCatalog)?

    /// The ACL a write asks for, checked before anything is written; nil when it asks for none.
    static func requested(_ request: StorageRequest) throws(BackendError) -> [GCSACLEntry]? {
        if let name = request.query["predefinedAcl"] { return try GCSACLEntry.predefined(name, onObject: true) }
        guard request.method == "PATCH" || request.method == "PUT", !WireObject.isBlank(request.body) else {
            return nil
        }
        let object = try WireObject(parsing: request.body, what: "the object", side: .request)
        return try object["acl"].map { value throws(BackendError) in try GCSACLEntry.list(value, onObject: true) }
    }

    /// Stores `acl` for the generation `resource` is, when there is one to store.
    func store(_ acl: [GCSACLEntry]?, for resource: ObjectResource) throws(BackendError) {
        guard let acl else { return }
        try store.withObjectACL(resource, bucket: try? catalog?.bucket(resource.bucket)) {
            (entries: inout [GCSACLEntry]) throws(BackendError) in entries = acl
        }
    }

    /// `response` with the object's `acl` added when the request asks for `projection=full`.
    func answer(_ response: HTTPResponse, for resource: ObjectResource, request: StorageRequest) throws(BackendError)
        -> HTTPResponse
    {
        guard request.query["projection"] == "full", case .object(var members)? = try? JSONParser.parse(response.body)
        else { return response }
        let acl = try store.withObjectACL(resource, bucket: try? catalog?.bucket(resource.bucket)) {
            (entries: inout [GCSACLEntry]) throws(BackendError) in entries
        }
        members.append(
            .init(
                "acl",
                .array(
                    acl.map {
                        $0.json(
                            kind: "storage#objectAccessControl", bucket: resource.bucket, object: resource.name,
                            generation: resource.generation)
                    })))
        var answered = response
        answered.body = JSONValue.object(members).data
        return answered
    }
}
