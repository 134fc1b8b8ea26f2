import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// The ACL collections: `/b/{b}/acl`, `/b/{b}/defaultObjectAcl` and `/b/{b}/o/{o}/acl`, each with list, get,
/// insert, patch, update and delete (docs/gcs-dialect.md §7). Entries are stored, not enforced.
struct GCSACLHandler {
    let backend: any StorageBackend
    let catalog: (any BucketCatalog)?
    let store: GCSResourceStore

    private enum Collection {
        case bucket(String)
        case defaultObject(String)
        case object(ObjectAddress)
    }

    func respond(_ request: StorageRequest, route: GCSRoute) throws(BackendError) -> HTTPResponse {
        let collection: Collection
        let item: String?
        switch route {
        case .bucketPart(let bucket, .acl, let entity): (collection, item) = (.bucket(bucket), entity)
        case .bucketPart(let bucket, .defaultObjectAcl, let entity):
            (collection, item) = (.defaultObject(bucket), entity)
        case .objectPart(let object, .acl, let entity): (collection, item) = (.object(object), entity)
        default: throw .notFound("Not Found")
        }
        let onObject: Bool
        if case .bucket = collection { onObject = false } else { onObject = true }
        let kind = onObject ? "storage#objectAccessControl" : "storage#bucketAccessControl"
        let body = request.body
        let method = request.method
        var render: (GCSACLEntry) -> JSONValue = { $0.json(kind: kind, bucket: "") }
        let answer = try change(collection, query: request.query, render: &render) {
            (entries: inout [GCSACLEntry]) throws(BackendError) -> Outcome? in
            try Self.apply(method, item: item, body: body, onObject: onObject, to: &entries, kind: kind)
        }
        guard let answer else { return HTTPResponse(status: 204) }
        return WireResponse.json(Self.rendered(answer, render).data)
    }

    /// What a request does to the entries: a list, an entry, or nil for a deletion.
    private enum Outcome: Sendable {
        case entries([GCSACLEntry], kind: String)
        case entry(GCSACLEntry)
    }

    private static func rendered(_ outcome: Outcome, _ render: (GCSACLEntry) -> JSONValue) -> JSONValue {
        switch outcome {
        case .entries(let entries, let kind):
            .members(["kind": .string(kind + "s"), "items": .array(entries.map(render))])
        case .entry(let entry): render(entry)
        }
    }

    private static func apply(
        _ method: String, item: String?, body: Data, onObject: Bool, to entries: inout [GCSACLEntry], kind: String
    ) throws(BackendError) -> Outcome? {
        guard let item else {
            guard method == "POST" else { return .entries(entries, kind: kind) }
            let object = try WireObject(parsing: body, what: "the access control entry", side: .request)
            let entry = try GCSACLEntry(
                entity: try object.requiredString("entity"), role: try object.requiredString("role"),
                onObject: onObject)
            entries.removeAll { $0.entity == entry.entity }
            entries.append(entry)
            return .entry(entry)
        }
        guard let index = entries.firstIndex(where: { $0.entity == item }) else {
            throw .notFound("No access control entry for \(item).")
        }
        switch method {
        case "DELETE":
            entries.remove(at: index)
            return nil
        case "PATCH", "PUT":
            let object = try WireObject(parsing: body, what: "the access control entry", side: .request)
            if let entity = try object.optionalString("entity"), entity != item {
                throw .badRequest("The entry's entity \(entity) is not the one the path names (\(item)).")
            }
            entries[index] = try GCSACLEntry(entity: item, role: try object.requiredString("role"), onObject: onObject)
            return .entry(entries[index])
        default:
            return .entry(entries[index])
        }
    }

    private func change(
        _ collection: Collection, query: QueryParameters, render: inout (GCSACLEntry) -> JSONValue,
        _ body: (inout [GCSACLEntry]) throws(BackendError) -> Outcome?
    ) throws(BackendError) -> Outcome? {
        let catalog = try GCSBucketHandler.required(catalog)
        switch collection {
        case .bucket(let name), .defaultObject(let name):
            let bucket = try catalog.bucket(name)
            let isDefault: Bool
            if case .defaultObject = collection { isDefault = true } else { isDefault = false }
            let kind = isDefault ? "storage#objectAccessControl" : "storage#bucketAccessControl"
            render = { $0.json(kind: kind, bucket: name) }
            return try store.withBucket(bucket) { (state: inout GCSBucketState) throws(BackendError) in
                var entries = isDefault ? state.defaultObjectACL : state.acl
                let outcome = try body(&entries)
                guard entries != (isDefault ? state.defaultObjectACL : state.acl) else { return outcome }
                if isDefault { state.defaultObjectACL = entries } else { state.acl = entries }
                state.metageneration += 1
                return outcome
            }
        case .object(let address):
            let resource = try backend.getMetadata(address)
            if let text = query["generation"], JSONValue.decimalInteger(text) != resource.generation {
                throw .notFound("No such object: \(address.bucket)/\(address.name) has no generation \(text).")
            }
            render = {
                $0.json(
                    kind: "storage#objectAccessControl", bucket: address.bucket, object: address.name,
                    generation: resource.generation)
            }
            return try store.withObjectACL(resource, bucket: try? catalog.bucket(address.bucket), body)
        }
    }
}
