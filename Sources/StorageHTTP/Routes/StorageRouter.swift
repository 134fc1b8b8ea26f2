import Foundation
import StorageModel

/// Turns one HTTP request into calls on the service and one response: CORS, routing (404 unknown
/// paths, 405 with `Allow` for a wrong method), then the route's handler; every error is JSON.
struct StorageRouter: Sendable {
    let backend: any StorageBackend
    let administration: (any StorageAdministration)?
    /// `host:port` of the server itself, for upload URLs when a request has no allowed `Host`.
    let fallbackAuthority: @Sendable () -> String
    let hostPolicy: HostPolicy

    func respond(to http: HTTPRequest) -> HTTPResponse {
        if (try? StorageRoute(path: http.path))??.isAdministrative == true {
            do throws(BackendError) {
                try hostPolicy.authorizeAdministration(http)
                return try route(http)
            } catch {
                return WireResponse.error(error)
            }
        }
        if http.method == "OPTIONS" { return CORSPolicy.preflight(http) }
        var response: HTTPResponse
        do throws(BackendError) {
            response = try route(http)
        } catch {
            response = WireResponse.error(error)
        }
        CORSPolicy.decorate(&response, for: http)
        return response
    }

    private func route(_ http: HTTPRequest) throws(BackendError) -> HTTPResponse {
        guard let route = try StorageRoute(path: http.path) else {
            throw .notFound("Not Found: no route for \(http.method) \(http.path).")
        }
        guard route.allowedMethods.contains(http.method) else {
            var response = WireResponse.error(
                BackendError(status: 405, "Method \(http.method) is not allowed on \(http.path)."))
            response.headers["Allow"] = route.allowedMethods.joined(separator: ", ")
            return response
        }
        let request = try StorageRequest(http)
        switch route {
        case .serviceRoot:
            let body = WireJSON.object([
                .init("emulator", .string("storage")), .init("server", .string(StorageServer.serverName)),
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
        case .reset:
            return try InternalHandler(administration: administration).reset()
        case .info:
            return InternalHandler(administration: administration).info()
        case .rules(let bucket):
            return try InternalHandler(administration: administration).rules(request, bucket: bucket)
        }
    }

    private var uploads: UploadHandler {
        UploadHandler(backend: backend, fallbackAuthority: fallbackAuthority, hostPolicy: hostPolicy)
    }
}
