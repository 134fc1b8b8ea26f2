import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// `/storage/v1/b/{bucket}/o/{object}` (and its `/download` twin): metadata, media, update, delete and
/// copy, each behind the request's preconditions.
struct GCSObjectHandler {
    let backend: any StorageBackend
    /// This server's base URL for `selfLink` and `mediaLink`, worked out only for answers that carry them.
    let base: () -> String
    let acls: GCSObjectACLs

    func respond(_ request: StorageRequest, object: ObjectAddress, download: Bool) throws(BackendError)
        -> HTTPResponse
    {
        try GCSPreconditions(request.query).check(object, on: backend)
        switch request.method {
        case "GET", "HEAD":
            let generation = try Self.generation(request)
            switch request.query["alt"] ?? (download ? "media" : nil) {
            case "media"?:
                if let generation { try Self.check(generation, of: try backend.getMetadata(object)) }
                let response = try ObjectReadHandler(backend: backend).media(request, object: object)
                // The object may have been replaced since it was checked: the answer says which generation it is.
                if let generation, response.status < 300, response.headers["x-goog-generation"] != String(generation) {
                    throw Self.notLive(generation, of: object)
                }
                return response
            case nil, "json"?:
                let resource = try backend.getMetadata(object)
                if let generation { try Self.check(generation, of: resource) }
                return try acls.answer(GCSObjectJSON.response(resource, base: base()), for: resource, request: request)
            case let other?: throw .badRequest("Invalid alt=\(other): expected json or media.")
            }
        case "PATCH", "PUT":
            let acl = try GCSObjectACLs.requested(request)
            let patch =
                request.method == "PUT"
                ? try replacement(request.body) : try MetadataPatchJSON.decode(request.body)
            let resource = try backend.updateMetadata(object, patch: patch)
            try acls.store(acl, for: resource)
            return try acls.answer(GCSObjectJSON.response(resource, base: base()), for: resource, request: request)
        case "DELETE":
            try backend.deleteObject(object)
            return HTTPResponse(status: 204)
        default:
            throw BackendError(status: 405, "Method \(request.method) is not allowed here.")
        }
    }

    /// `POST …/copyTo/…` answers the new object; `…/rewriteTo/…` a finished rewrite carrying it. The body's
    /// metadata, when there is some, replaces the source's.
    func copy(_ request: StorageRequest, from source: ObjectAddress, to destination: ObjectAddress, rewrite: Bool)
        throws(BackendError) -> HTTPResponse
    {
        try GCSPreconditions(request.query).check(destination, on: backend)
        let original = try backend.getMetadata(source)
        let bytes = try backend.readObject(ReadRequest(object: source)).body
        var fields = original.writableFields
        if !WireObject.isBlank(request.body) { fields = try UploadMetadataJSON.decode(request.body).fields }
        let copied = try backend.storeWhole(bytes, to: destination, metadata: fields, layer: .cloudStorage)
        guard rewrite else { return GCSObjectJSON.response(copied, base: base()) }
        var body = JSONObjectWriter()
        body.string("kind", "storage#rewriteResponse")
        body.string("totalBytesRewritten", String(copied.size))
        body.string("objectSize", String(copied.size))
        body.value("done", .bool(true))
        body.raw("resource", GCSObjectJSON.encode(copied, base: base()))
        return WireResponse.json(body.finish())
    }

    /// `?generation=N`: the read is of that generation only (the store keeps only the live one).
    private static func generation(_ request: StorageRequest) throws(BackendError) -> Int64? {
        guard let text = request.query["generation"] else { return nil }
        guard let value = JSONValue.decimalInteger(text), value > 0 else {
            throw .badRequest("Invalid generation \"\(text)\": expected a positive whole number.")
        }
        return value
    }

    private static func check(_ generation: Int64, of resource: ObjectResource) throws(BackendError) {
        guard resource.generation == generation else {
            throw notLive(generation, of: ObjectAddress(bucket: resource.bucket, name: resource.name))
        }
    }

    private static func notLive(_ generation: Int64, of object: ObjectAddress) -> BackendError {
        .notFound("No such object: \(object.bucket)/\(object.name) has no generation \(generation).")
    }

    /// A PUT replaces the writable metadata: what the body leaves out is removed.
    private func replacement(_ body: Data) throws(BackendError) -> MetadataPatch {
        let given = try MetadataPatchJSON.decode(body)
        var patch = MetadataPatch(removesAllCustomMetadata: true)
        for field in MetadataField.allCases { patch.fields[field] = given.fields[field] ?? .some(nil) }
        patch.customMetadata = given.customMetadata
        return patch
    }
}
