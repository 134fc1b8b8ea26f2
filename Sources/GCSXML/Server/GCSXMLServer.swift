import Foundation
import HTTPCore
import StorageAPI
import StorageWire

/// Cloud Storage's XML API as a dialect of `serve` (docs/xml-dialect.md), on the same port and store as the others:
/// path-style `/BUCKET` and `/BUCKET/OBJECT` (`XMLRoute`), answered with XML bodies and XML errors. Requests act as
/// the GCS JSON API's do: signed out, on Cloud Storage's rules (`StorageLayer.cloudStorage`).
package struct GCSXMLServer: Dialect {
    let backend: any StorageBackend
    let buckets: (any BucketCatalog)?
    let uploads: XMLMultipartUploads
    let hostPolicy: HostPolicy
    /// `host:port` of the server itself, for `Location` when a request has no allowed `Host`.
    let fallbackAuthority: @Sendable () -> String

    package init(
        backend: any StorageBackend, buckets: (any BucketCatalog)?, uploads: XMLMultipartUploads,
        hostPolicy: HostPolicy, fallbackAuthority: @escaping @Sendable () -> String
    ) {
        self.backend = backend
        self.buckets = buckets
        self.uploads = uploads
        self.hostPolicy = hostPolicy
        self.fallbackAuthority = fallbackAuthority
    }

    /// Path-style buckets: a first segment no other route owns.
    package var claim: PathClaim { .firstSegment(XMLRoute.claims(firstSegment:reserved:)) }

    package func route(of path: String) throws(BackendError) -> XMLRoute? {
        try XMLRoute(path: path)
    }

    package func respond(to routed: RoutedRequest<XMLRoute>) -> HTTPResponse {
        do throws(BackendError) {
            guard let route = try routed.route.get() else {
                throw .notFound("Not Found: no route for \(routed.method) \(routed.http.path).")
            }
            var request = try routed.parsed.get()
            request.auth = nil
            switch route {
            case .bucket(let bucket): return try bucketRequest(request, bucket: bucket)
            case .object(let object): return try objectRequest(request, object: object)
            }
        } catch {
            return errorResponse(error)
        }
    }

    private func bucketRequest(_ request: StorageRequest, bucket: String) throws(BackendError) -> HTTPResponse {
        switch request.method {
        case "GET":
            return try XMLListHandler(backend: backend).respond(request, bucket: bucket)
        case "HEAD":
            _ = try catalog().bucket(bucket)
            return HTTPResponse(status: 200)
        case "PUT":
            try catalog().createBucket(bucket)
            return HTTPResponse(status: 200)
        case "DELETE":
            do {
                try catalog().deleteBucket(bucket)
            } catch  where error.status == 409 {
                throw XMLErrorBody.coded("BucketNotEmpty", status: 409, "The bucket you tried to delete is not empty.")
            }
            return HTTPResponse(status: 204)
        default:
            throw methodNotAllowed(request, allowed: "GET, HEAD, PUT, DELETE")
        }
    }

    private func objectRequest(_ request: StorageRequest, object: ObjectAddress) throws(BackendError) -> HTTPResponse {
        let objects = XMLObjectHandler(backend: backend)
        let multipart = XMLMultipartHandler(backend: backend, uploads: uploads, base: base(request))
        let uploadID = request.query["uploadId"]
        switch (request.method, uploadID) {
        case ("GET", nil), ("HEAD", nil):
            return try objects.read(request, object: object)
        case ("GET", let id?):
            return try multipart.listParts(request, object: object, upload: id)
        case ("PUT", let id?):
            return try multipart.putPart(request, object: object, upload: id)
        case ("PUT", nil):
            if let source = request.header("x-goog-copy-source") {
                return try objects.copy(request, to: object, source: source)
            }
            return try objects.write(request, object: object)
        case ("POST", let id?):
            return try multipart.complete(request, object: object, upload: id)
        case ("POST", nil) where request.query["uploads"] != nil:
            return try multipart.initiate(request, object: object)
        case ("DELETE", let id?):
            return try multipart.abort(object: object, upload: id)
        case ("DELETE", nil):
            return try objects.delete(request, object: object)
        default:
            throw methodNotAllowed(request, allowed: "GET, HEAD, PUT, POST, DELETE")
        }
    }

    private func catalog() throws(BackendError) -> any BucketCatalog {
        guard let buckets else {
            throw XMLErrorBody.coded("NotImplemented", status: 501, "The service behind this server keeps no buckets.")
        }
        return buckets
    }

    private func methodNotAllowed(_ request: StorageRequest, allowed: String) -> BackendError {
        XMLErrorBody.coded(
            "MethodNotAllowed", status: 405, "\(request.method) is not allowed on \(request.http.path) (\(allowed)).")
    }

    private func base(_ request: StorageRequest) -> String {
        "http://" + hostPolicy.authority(of: request, fallback: fallbackAuthority)
    }

    package func errorResponse(_ error: BackendError) -> HTTPResponse {
        XMLErrorBody.response(error)
    }

    /// A part or a completion for an upload that does not exist (404), or a part the uploads in progress have no
    /// room for (429), is answered before its body is read.
    package func vetHead(_ routed: RoutedRequest<XMLRoute>) -> HTTPResponse? {
        let http = routed.http
        guard http.method == "PUT" || http.method == "POST", case .object(let object)? = routed.matched,
            let request = routed.request, let id = request.query["uploadId"], http.headers["x-goog-copy-source"] == nil
        else { return nil }
        do throws(BackendError) {
            if http.method == "PUT" {
                let length = http.headers["Content-Length"].flatMap { Int64($0) } ?? 0
                try uploads.admit(max(0, length), upload: id, of: object)
            } else {
                _ = try uploads.upload(id, of: object)
            }
            return nil
        } catch {
            return errorResponse(error)
        }
    }

    /// An object's `PUT` (not a copy, not a part): its bytes go to the store as they arrive.
    package func streamsBody(_ routed: RoutedRequest<XMLRoute>) -> Bool {
        guard routed.method == "PUT", routed.http.headers["x-goog-copy-source"] == nil, case .object? = routed.matched,
            let request = routed.request
        else { return false }
        return request.query["uploadId"] == nil
    }

    /// An object or a part carries the object's bytes; every other body (CompleteMultipartUpload, a bucket's) is
    /// metadata.
    package func bufferedBodyLimit(_ routed: RoutedRequest<XMLRoute>) -> Int? {
        if streamsBody(routed) { return nil }
        guard routed.method == "PUT", let request = routed.request, request.query["uploadId"] != nil else {
            return RequestBodyLimits.metadata
        }
        return nil
    }

    /// Each request as the JSON API operation it stands for, so retry tests and bucket plans reach the XML API too.
    package func faultSubject(of routed: RoutedRequest<XMLRoute>) -> FaultSubject? {
        guard let route = routed.matched, let request = routed.request else { return nil }
        let http = routed.http
        switch route {
        case .bucket(let bucket):
            switch http.method {
            case "GET": return FaultSubject(bucket: bucket, kind: .list, operation: "storage.objects.list")
            case "HEAD": return FaultSubject(bucket: bucket, kind: nil, operation: "storage.buckets.get")
            case "PUT": return FaultSubject(bucket: bucket, kind: nil, operation: "storage.buckets.insert")
            default: return FaultSubject(bucket: bucket, kind: nil, operation: "storage.buckets.delete")
            }
        case .object(let object):
            let bucket = object.bucket
            switch http.method {
            case "GET" where request.query["uploadId"] == nil, "HEAD":
                let kind: RequestFault.Kind = http.method == "HEAD" ? .metadata : .download
                return FaultSubject(bucket: bucket, kind: kind, operation: "storage.objects.get")
            case "DELETE" where request.query["uploadId"] == nil:
                return FaultSubject(bucket: bucket, kind: .delete, operation: "storage.objects.delete")
            case "PUT" where http.headers["x-goog-copy-source"] != nil:
                return FaultSubject(bucket: bucket, kind: nil, operation: "storage.objects.copy")
            case "PUT" where request.query["uploadId"] != nil:
                return FaultSubject(bucket: bucket, kind: .chunk, operation: "storage.objects.insert")
            case "PUT":
                return FaultSubject(
                    bucket: bucket, kind: .finalize, operation: "storage.objects.insert",
                    uploadBytes: FaultSubject.bytes(from: 0, count: request.bodyLength))
            default:
                // Starting, completing, listing or aborting a multipart upload: no object bytes.
                return FaultSubject(
                    bucket: bucket, kind: nil, operation: "storage.objects.insert", sendsNoUploadBytes: true)
            }
        }
    }

    package func misreport(_ response: HTTPResponse, receivedBytes: Int64) -> HTTPResponse { response }

    /// An XML write is one request: nothing of it is kept when it is cut short.
    package func truncated(_ request: HTTPRequest, to count: Int64) -> HTTPRequest? { nil }
}
