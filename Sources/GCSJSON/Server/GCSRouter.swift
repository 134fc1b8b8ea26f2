import Foundation
import HTTPCore
import StorageAPI
import StorageWire

/// The GCS JSON API beside the v0 routes, on the same port and store (docs/gcs-dialect.md §1): routing
/// (404, 405 with `Allow`), preconditions, and GCS-shaped errors for everything it answers.
///
/// Requests act without a Firebase identity: buckets with Firebase rules judge them as a signed-out
/// caller; buckets without rules allow everything, as an emulator's GCS side does.
package struct GCSRouter: Sendable {
    let backend: any StorageBackend
    let buckets: GCSBucketRegistry
    let uploadAuthority: @Sendable (StorageRequest) -> String

    package init(
        backend: any StorageBackend, buckets: GCSBucketRegistry,
        uploadAuthority: @escaping @Sendable (StorageRequest) -> String
    ) {
        self.backend = backend
        self.buckets = buckets
        self.uploadAuthority = uploadAuthority
    }

    package func respond(to http: HTTPRequest) -> HTTPResponse {
        do throws(BackendError) {
            guard let route = try GCSRoute(path: http.path) else {
                throw .notFound("Not Found: no route for \(http.method) \(http.path).")
            }
            guard route.allowedMethods.contains(http.method) else {
                var response = GCSErrorJSON.response(
                    status: 405, message: "Method \(http.method) is not allowed on \(http.path).")
                response.headers["Allow"] = route.allowedMethods.joined(separator: ", ")
                return response
            }
            var request = try StorageRequest(http)
            request.auth = nil
            let base = { "http://" + uploadAuthority(request) }
            let response: HTTPResponse
            switch route {
            case .buckets, .bucket:
                response = try GCSBucketHandler(backend: backend, registry: buckets, base: base()).respond(
                    request, route: route)
            case .objects(let bucket):
                response = try GCSListHandler(backend: backend, base: base()).respond(request, bucket: bucket)
            case .object(let object, let download):
                response = try GCSObjectHandler(backend: backend, base: base).respond(
                    request, object: object, download: download)
            case .copy(let source, let destination, let rewrite):
                response = try GCSObjectHandler(backend: backend, base: base).copy(
                    request, from: source, to: destination, rewrite: rewrite)
            case .upload(let bucket):
                response = try GCSUploadHandler(backend: backend, base: base(), authority: uploadAuthority(request))
                    .respond(request, bucket: bucket)
            }
            return GCSErrorJSON.rewrite(response)
        } catch {
            return GCSErrorJSON.rewrite(WireResponse.error(error))
        }
    }
}
