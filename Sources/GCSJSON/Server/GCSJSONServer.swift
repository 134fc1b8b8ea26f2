import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// The GCS JSON API as a dialect of `serve`, on the same port and store as the v0 routes (docs/gcs-dialect.md
/// §1): routing (404, 405 with `Allow`), preconditions, and GCS-shaped errors for everything it answers.
///
/// Requests act without a Firebase identity: buckets with Firebase rules judge them as a signed-out caller;
/// buckets without rules allow everything, as an emulator's GCS side does. Writes and listings follow Cloud
/// Storage's rules, not the Firebase layer's (`StorageLayer.cloudStorage`): a missing bucket is a 404, any prefix
/// lists, every name is listed, no default disposition is added.
package struct GCSJSONServer: Dialect {
    let backend: any StorageBackend
    /// The backend's buckets, when it keeps them.
    let buckets: (any BucketCatalog)?
    let hostPolicy: HostPolicy
    /// `host:port` of the server itself, for links and session URLs when a request has no allowed `Host`.
    let fallbackAuthority: @Sendable () -> String
    /// Bucket metadata, ACLs, IAM policies, notifications and HMAC keys, in the backend's sidecar records.
    let resources: GCSResourceStore

    package init(
        backend: any StorageBackend, buckets: (any BucketCatalog)?, hostPolicy: HostPolicy,
        fallbackAuthority: @escaping @Sendable () -> String
    ) {
        self.backend = backend
        self.buckets = buckets
        self.hostPolicy = hostPolicy
        self.fallbackAuthority = fallbackAuthority
        resources = GCSResourceStore(records: backend as? any SidecarRecords)
    }

    /// Object ACLs, for the object routes.
    private var objectACLs: GCSObjectACLs { GCSObjectACLs(store: resources, catalog: buckets) }

    package var claim: PathClaim { .prefixes(GCSRoute.prefixes) }

    package func route(of path: String) throws(BackendError) -> GCSRoute? {
        try GCSRoute(path: path)
    }

    package func respond(to routed: RoutedRequest<GCSRoute>) -> HTTPResponse {
        let http = routed.http
        do throws(BackendError) {
            guard let route = try routed.route.get() else {
                throw .notFound("Not Found: no route for \(http.method) \(http.path).")
            }
            if route == .unimplemented {
                throw BackendError(
                    status: 501,
                    "Not Implemented: serve does not implement \(http.method) \(http.path) of the JSON API.")
            }
            guard route.allowedMethods.contains(http.method) else {
                var response = GCSErrorJSON.response(
                    status: 405, message: "Method \(http.method) is not allowed on \(http.path).")
                response.headers["Allow"] = route.allowedMethods.joined(separator: ", ")
                return response
            }
            var request = try routed.parsed.get()
            request.auth = nil
            let authority = { [request] in hostPolicy.authority(of: request, fallback: fallbackAuthority) }
            let base = { "http://" + authority() }
            let response: HTTPResponse
            switch route {
            case .buckets, .bucket, .bucketPart(_, .lockRetentionPolicy, _):
                response = try GCSBucketHandler(catalog: buckets, store: resources, base: base()).respond(
                    request, route: route)
            case .bucketPart(_, .acl, _), .bucketPart(_, .defaultObjectAcl, _), .objectPart(_, .acl, _):
                response = try GCSACLHandler(backend: backend, catalog: buckets, store: resources).respond(
                    request, route: route)
            case .bucketPart(let bucket, .notificationConfigs, let id):
                response = try GCSNotificationHandler(catalog: buckets, store: resources, base: base()).respond(
                    request, bucket: bucket, id: id)
            case .bucketPart(let bucket, let part, _) where part == .iam || part == .testPermissions:
                response = try GCSIAMHandler(catalog: buckets, store: resources).respond(
                    request, bucket: bucket, testPermissions: part == .testPermissions)
            case .objectPart(let object, .compose, _):
                response = try GCSComposeHandler(backend: backend, base: base).respond(request, destination: object)
            case .project(_, .serviceAccount, _):
                response = GCSHMACKeyHandler(store: resources).serviceAccount()
            case .project(let project, _, let accessId):
                response = try GCSHMACKeyHandler(store: resources).respond(
                    request, project: project, accessId: accessId)
            case .bucketPart, .objectPart, .unimplemented:
                throw BackendError(status: 501, "Not Implemented: \(http.method) \(http.path).")
            case .objects(let bucket):
                response = try GCSListHandler(backend: backend, base: base()).respond(request, bucket: bucket)
            case .object(let object, let download):
                response = try GCSObjectHandler(backend: backend, base: base, acls: objectACLs).respond(
                    request, object: object, download: download)
            case .copy(let source, let destination, let rewrite):
                response = try GCSObjectHandler(backend: backend, base: base, acls: objectACLs).copy(
                    request, from: source, to: destination, rewrite: rewrite)
            case .upload(let bucket):
                response = try GCSUploadHandler(backend: backend, base: base(), authority: authority())
                    .respond(request, bucket: bucket)
            }
            return try Self.select(GCSErrorJSON.rewrite(response), fields: request.query["fields"])
        } catch {
            return errorResponse(error)
        }
    }

    /// A JSON answer cut to the `fields=` selection, as GCS answers partial responses; others pass as they are.
    private static func select(_ response: HTTPResponse, fields: String?) throws(BackendError) -> HTTPResponse {
        guard let fields, !fields.isEmpty, (200..<300).contains(response.status),
            response.headers["Content-Type"]?.hasPrefix("application/json") == true,
            let body = try? JSONParser.parse(response.body)
        else { return response }
        var selected = response
        selected.body = try GCSFieldSelection(parsing: fields).apply(to: body).data
        return selected
    }

    package func errorResponse(_ error: BackendError) -> HTTPResponse {
        GCSErrorJSON.rewrite(WireResponse.error(error))
    }

    /// GCS requests act signed out, so nothing is decided before the body.
    package func vetHead(_ routed: RoutedRequest<GCSRoute>) -> HTTPResponse? { nil }

    /// Media uploads and resumable chunks.
    package func streamsBody(_ routed: RoutedRequest<GCSRoute>) -> Bool {
        guard routed.method == "POST" || routed.method == "PUT", let request = routed.request,
            case .upload? = routed.matched
        else { return false }
        return request.query["upload_id"] != nil || request.query["uploadType"] == "media"
    }

    /// An upload carries the object's bytes (a chunked one is received whole); every other body is metadata.
    package func bufferedBodyLimit(_ routed: RoutedRequest<GCSRoute>) -> Int? {
        if streamsBody(routed) { return nil }
        if case .upload? = routed.matched, let request = routed.request, request.query["uploadType"] == "multipart" {
            return nil
        }
        return RequestBodyLimits.metadata
    }

    package func faultSubject(of routed: RoutedRequest<GCSRoute>) -> FaultSubject? {
        guard let route = routed.matched, let request = routed.request else { return nil }
        let http = routed.http
        switch route {
        case .object(let object, let download) where http.method == "GET" || http.method == "HEAD":
            let media = download || request.query["alt"] == "media"
            return FaultSubject(
                bucket: object.bucket, kind: media ? .download : .metadata, operation: "storage.objects.get")
        case .object(let object, _):
            let kind: RequestFault.Kind = http.method == "DELETE" ? .delete : .update
            return FaultSubject(bucket: object.bucket, kind: kind, operation: route.operation(http.method))
        case .objects(let bucket):
            return FaultSubject(bucket: bucket, kind: .list, operation: route.operation(http.method))
        case .upload(let bucket):
            return FaultSubject(
                bucket: bucket, kind: Self.uploadKind(request), operation: "storage.objects.insert",
                sendsNoUploadBytes: request.bodyLength == 0
                    || request.query["upload_id"] == nil && request.query["uploadType"] == "resumable",
                uploadBytes: Self.uploadBytes(request))
        default:
            return FaultSubject(bucket: route.bucketName, kind: nil, operation: route.operation(http.method))
        }
    }

    /// The object's bytes an upload request sends: a one-shot upload's from 0 (a multipart body counted whole), a
    /// chunk's from the first byte its `Content-Range` names; nil for a session start, a query or a cancel.
    private static func uploadBytes(_ request: StorageRequest) -> Range<Int64>? {
        guard request.method != "DELETE" else { return nil }
        guard request.query["upload_id"] != nil else {
            return request.query["uploadType"] == "resumable"
                ? nil : FaultSubject.bytes(from: 0, count: request.bodyLength)
        }
        guard request.bodyLength > 0 else { return nil }
        guard let header = request.header("Content-Range") else {
            return FaultSubject.bytes(from: 0, count: request.bodyLength)
        }
        guard let first = ContentRange(header)?.first else { return nil }
        return FaultSubject.bytes(from: first, count: request.bodyLength)
    }

    /// What an upload request does: a start (`uploadType=resumable`), a one-shot upload (counted as a finalizing
    /// chunk), or, on a session, a chunk, a finalizing chunk (one that names the total it reaches), a query (no
    /// bytes, no total) or a cancel (`DELETE`).
    private static func uploadKind(_ request: StorageRequest) -> RequestFault.Kind {
        guard request.query["upload_id"] != nil else {
            return request.query["uploadType"] == "resumable" ? .uploadStart : .finalize
        }
        if request.method == "DELETE" { return .cancel }
        // No header, or one the session refuses: counted as a finalizing request.
        guard let range = ContentRange(request.header("Content-Range")) else { return .finalize }
        if range.total == nil { return range.span == nil ? .query : .chunk }
        return request.bodyLength == 0 && range.span == nil ? .query : .finalize
    }

    /// A 308 whose `Range` says `receivedBytes` were received.
    package func misreport(_ response: HTTPResponse, receivedBytes: Int64) -> HTTPResponse {
        var response = response
        response.headers["Range"] = receivedBytes > 0 ? "bytes=0-\(receivedBytes - 1)" : nil
        return response
    }

    package func truncated(_ http: HTTPRequest, to count: Int64) -> HTTPRequest? {
        guard var cut = http.sessionChunk(cutTo: count) else { return nil }
        if let first = ContentRange(http.headers["Content-Range"])?.first {
            cut.headers["Content-Range"] = ContentRange.bytes(from: first, count: count, of: nil).header
        }
        return cut
    }
}
