import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// The Firebase Storage v0 routes (R1–R12 of docs/wire-protocol.md §1.2) as a dialect of `serve`: `/v0/…`, and
/// the 404 for any path no other dialect claims. Errors are `{"error":{"code":N,"message":"…"}}`.
package struct FirebaseV0Server: Dialect {
    let backend: any StorageBackend
    let hostPolicy: HostPolicy
    /// `host:port` of the server itself, for upload URLs when a request has no allowed `Host`.
    let fallbackAuthority: @Sendable () -> String

    package init(
        backend: any StorageBackend, hostPolicy: HostPolicy, fallbackAuthority: @escaping @Sendable () -> String
    ) {
        self.backend = backend
        self.hostPolicy = hostPolicy
        self.fallbackAuthority = fallbackAuthority
    }

    /// `/v0/…`; `serve`'s route table also gives the v0 dialect every path no other claims, for its 404.
    package var claim: PathClaim { .prefixes([.exactly("/v0"), .under("/v0")]) }

    package func route(of path: String) throws(BackendError) -> StorageRoute? {
        try StorageRoute(path: path)
    }

    package func respond(to routed: RoutedRequest<StorageRoute>) -> HTTPResponse {
        do throws(BackendError) {
            guard let route = try routed.route.get() else {
                throw .notFound("Not Found: no route for \(routed.method) \(routed.http.path).")
            }
            return try handle(routed, route)
        } catch {
            return WireResponse.error(error)
        }
    }

    package func errorResponse(_ error: BackendError) -> HTTPResponse {
        WireResponse.error(error)
    }

    /// The write rule for uploads and updates whose object is named in the path or in `?name=` (a name only in
    /// the body's metadata waits for the body).
    package func vetHead(_ routed: RoutedRequest<StorageRoute>) -> HTTPResponse? {
        guard ["POST", "PUT", "PATCH"].contains(routed.method) else { return nil }
        // A malformed path is answered by the route, after the body: this decides only what it can.
        guard let route = routed.matched else { return nil }
        do throws(BackendError) {
            let request = try routed.parsed.get()
            guard request.query["upload_id"] == nil else { return nil }
            let bucket: String
            let name: String?
            switch route {
            case .object(let objectBucket, let pathName):
                (bucket, name) = (objectBucket, pathName.isEmpty ? request.query["name"] : pathName)
            case .bucket(let routeBucket):
                (bucket, name) = (routeBucket, request.query["name"])
            case .serviceRoot:
                return nil
            }
            guard let name else { return nil }
            try backend.checkWrite(ObjectAddress(bucket: bucket, name: name, auth: request.auth))
            return nil
        } catch {
            return WireResponse.error(error)
        }
    }

    /// Media uploads and resumable chunks: the requests whose bodies are an object's bytes.
    package func streamsBody(_ routed: RoutedRequest<StorageRoute>) -> Bool {
        guard routed.method == "POST" || routed.method == "PUT", let request = routed.request else { return false }
        switch routed.matched {
        case .object?, .bucket?: break
        default: return false
        }
        guard request.query["create_token"] == nil, request.query["delete_token"] == nil,
            !ObjectWriteHandler.isOverriddenPatch(request)
        else { return false }
        if let command = request.header(UploadHeaders.command) {
            return UploadSessionHandler.commandWords(command).contains("upload")
        }
        return UploadHandler.mediaProtocols.contains(UploadHandler.uploadProtocol(of: request))
    }

    /// An upload carries the object's bytes (a chunked one is received whole); every other body is metadata.
    package func bufferedBodyLimit(_ routed: RoutedRequest<StorageRoute>) -> Int? {
        if streamsBody(routed) { return nil }
        guard let request = routed.request, UploadHandler.uploadProtocol(of: request) == "multipart" else {
            return RequestBodyLimits.metadata
        }
        return nil
    }

    package func faultSubject(of routed: RoutedRequest<StorageRoute>) -> FaultSubject? {
        guard let route = routed.matched, let request = routed.request else { return nil }
        let bucket: String
        let isObject: Bool
        switch route {
        case .serviceRoot: return nil
        case .bucket(let name): (bucket, isObject) = (name, false)
        case .object(let name, _): (bucket, isObject) = (name, true)
        }
        switch routed.method {
        case "GET", "HEAD":
            guard isObject else { return FaultSubject(bucket: bucket, kind: .list, operation: "storage.objects.list") }
            let media = request.query["alt"] == "media"
            return FaultSubject(bucket: bucket, kind: media ? .download : .metadata, operation: "storage.objects.get")
        case "DELETE":
            return FaultSubject(bucket: bucket, kind: .delete, operation: "storage.objects.delete")
        case "PATCH":
            return FaultSubject(bucket: bucket, kind: .update, operation: "storage.objects.patch")
        default:
            if ObjectWriteHandler.isOverriddenPatch(request) {
                return FaultSubject(bucket: bucket, kind: .update, operation: "storage.objects.patch")
            }
            let streams = streamsBody(routed)
            return FaultSubject(
                bucket: bucket, kind: Self.uploadKind(request), operation: "storage.objects.insert",
                sendsNoUploadBytes: !streams, uploadBytes: streams ? Self.uploadBytes(request) : nil)
        }
    }

    /// What an upload request does: a start, a chunk, a finalizing chunk, a query or a cancel; a one-shot upload
    /// (media or multipart) counts as a finalizing chunk.
    private static func uploadKind(_ request: StorageRequest) -> RequestFault.Kind {
        guard let command = request.header(UploadHeaders.command) else { return .finalize }
        let words = Set(UploadSessionHandler.commandWords(command))
        if words.contains("start") { return .uploadStart }
        if words.contains("cancel") { return .cancel }
        if words.contains("query") { return .query }
        return words.contains("finalize") ? .finalize : .chunk
    }

    /// The object's bytes a request that sends some carries: from `X-Goog-Upload-Offset` on a session, else from 0.
    private static func uploadBytes(_ request: StorageRequest) -> Range<Int64>? {
        let offset = request.header(UploadHeaders.offset).map { JSONValue.decimalInteger($0) ?? -1 } ?? 0
        return FaultSubject.bytes(from: offset, count: request.bodyLength)
    }

    package func misreport(_ response: HTTPResponse, receivedBytes: Int64) -> HTTPResponse {
        var response = response
        response.headers[UploadHeaders.sizeReceived] = String(receivedBytes)
        return response
    }

    package func truncated(_ http: HTTPRequest, to count: Int64) -> HTTPRequest? {
        guard var cut = http.sessionChunk(cutTo: count) else { return nil }
        if let command = http.headers[UploadHeaders.command], command.lowercased().contains("finalize") {
            cut.headers[UploadHeaders.command] = "upload"
        }
        return cut
    }

    private func handle(_ routed: RoutedRequest<StorageRoute>, _ route: StorageRoute) throws(BackendError)
        -> HTTPResponse
    {
        let http = routed.http
        guard route.allowedMethods.contains(http.method) else {
            var response = WireResponse.error(
                BackendError(status: 405, "Method \(http.method) is not allowed on \(http.path)."))
            response.headers["Allow"] = route.allowedMethods.joined(separator: ", ")
            return response
        }
        let request = try routed.parsed.get()
        switch route {
        case .serviceRoot:
            let body = JSONValue.object([
                .init("emulator", .string("storage")), .init("server", .string(ServerIdentity.name)),
            ])
            return WireResponse.json(body.data)
        case .bucket(let bucket):
            if request.method == "GET" || request.method == "HEAD" {
                return try ListHandler(backend: backend).respond(request, bucket: bucket)
            }
            return try uploads.respond(request, bucket: bucket, pathName: nil)
        case .object(let bucket, let name):
            let object = ObjectAddress(bucket: bucket, name: name, auth: request.auth)
            let writes = ObjectWriteHandler(backend: backend)
            switch request.method {
            case "GET", "HEAD": return try ObjectReadHandler(backend: backend).respond(request, object: object)
            case "PATCH": return try writes.update(request, object: object)
            case "DELETE": return try writes.delete(object)
            default:
                if ObjectWriteHandler.isOverriddenPatch(request) { return try writes.update(request, object: object) }
                return try uploads.respond(request, bucket: bucket, pathName: name)
            }
        }
    }

    private var uploads: UploadHandler {
        UploadHandler(backend: backend, fallbackAuthority: fallbackAuthority, hostPolicy: hostPolicy)
    }

}
