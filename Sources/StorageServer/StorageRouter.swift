import FirebaseV0
import Foundation
import GCSJSON
import HTTPCore
import Primitives
import ReferenceService
import StorageAPI
import StorageWire

/// Turns one HTTP request into calls on the service and one response: CORS, routing (404 unknown
/// paths, 405 with `Allow` for a wrong method), then the route's handler; every error is JSON.
struct StorageRouter: Sendable {
    let backend: any StorageBackend
    let administration: (any StorageAdministration)?
    /// `host:port` of the server itself, for upload URLs when a request has no allowed `Host`.
    let fallbackAuthority: @Sendable () -> String
    let hostPolicy: HostPolicy
    let gcsBuckets: GCSBucketRegistry
    let retryTests: RetryTestRegistry

    func respond(to http: HTTPRequest) -> HTTPResponse {
        if RetryTestHandler.claims(http.path) {
            do throws(BackendError) {
                try hostPolicy.authorizeAdministration(http)
                return try RetryTestHandler(registry: retryTests).respond(http)
            } catch {
                return GCSErrorJSON.rewrite(WireResponse.error(error))
            }
        }
        let isGCS = GCSRoute.claims(http.path)
        let faults = RetryFaults(registry: retryTests)
        if let faulted = faults.respond(
            to: http, handler: { answer($0, isGCS: isGCS) },
            error: { isGCS ? GCSErrorJSON.rewrite(WireResponse.error($0)) : WireResponse.error($0) })
        {
            return faulted
        }
        return answer(http, isGCS: isGCS)
    }

    private func answer(_ http: HTTPRequest, isGCS: Bool) -> HTTPResponse {
        if isGCS {
            return GCSRouter(backend: backend, buckets: gcsBuckets, uploadAuthority: { uploads.authority($0) })
                .respond(to: http)
        }
        let parsed = Result { () throws(BackendError) in try StorageRoute(path: http.path) }
        if case .success(let route?) = parsed, route.isAdministrative {
            do throws(BackendError) {
                try hostPolicy.authorizeAdministration(http)
                return try handle(http, route)
            } catch {
                return WireResponse.error(error)
            }
        }
        if http.method == "OPTIONS" { return CORSPolicy.preflight(http) }
        var response: HTTPResponse
        do throws(BackendError) {
            guard let route = try parsed.get() else {
                throw .notFound("Not Found: no route for \(http.method) \(http.path).")
            }
            response = try handle(http, route)
        } catch {
            response = WireResponse.error(error)
        }
        CORSPolicy.decorate(&response, for: http)
        return response
    }

    /// Decides a request from its head, before its body is read: the `/internal` guard, and the write rule for
    /// uploads and updates whose object is named in the path or in `?name=` (a name only in the body's metadata
    /// waits for the body). Nil lets the request through.
    func screen(_ http: HTTPRequest) -> HTTPResponse? {
        guard ["POST", "PUT", "PATCH"].contains(http.method) else { return nil }
        let route = try? StorageRoute(path: http.path)
        do throws(BackendError) {
            guard let route else { return nil }
            if route.isAdministrative {
                try hostPolicy.authorizeAdministration(http)
                return nil
            }
            let request = try StorageRequest(http)
            guard request.query["upload_id"] == nil else { return nil }
            let bucket: String
            let name: String?
            switch route {
            case .object(let objectBucket, let pathName):
                (bucket, name) = (objectBucket, pathName.isEmpty ? request.query["name"] : pathName)
            case .bucket(let routeBucket):
                (bucket, name) = (routeBucket, request.query["name"])
            case .serviceRoot, .reset, .info, .rules, .fixture:
                return nil
            }
            guard let name else { return nil }
            try backend.checkWrite(ObjectAddress(bucket: bucket, name: name, auth: request.auth))
            return nil
        } catch {
            var response = WireResponse.error(error)
            if route?.isAdministrative != true { CORSPolicy.decorate(&response, for: http) }
            return response
        }
    }

    private func handle(_ http: HTTPRequest, _ route: StorageRoute) throws(BackendError) -> HTTPResponse {
        guard route.allowedMethods.contains(http.method) else {
            var response = WireResponse.error(
                BackendError(status: 405, "Method \(http.method) is not allowed on \(http.path)."))
            response.headers["Allow"] = route.allowedMethods.joined(separator: ", ")
            return response
        }
        let request = try StorageRequest(http)
        switch route {
        case .serviceRoot:
            let body = JSONValue.object([
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
        case .fixture(let bucket, let name):
            return try InternalHandler(administration: administration).fixture(request, bucket: bucket, name: name)
        }
    }

    private var uploads: UploadHandler {
        UploadHandler(backend: backend, fallbackAuthority: fallbackAuthority, hostPolicy: hostPolicy)
    }
}
