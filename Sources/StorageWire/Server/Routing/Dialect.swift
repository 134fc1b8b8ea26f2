import HTTPCore
import StorageAPI

/// One wire dialect's route group on `serve` (docs/architecture.md §3): the paths it claims in the route table,
/// its routes, how it answers them, its errors in its own shape, and what the layers in front of it (faults,
/// streaming, the event loops) need to know of its requests. The path is read into a `Route` once per request
/// (`routeResult(of:)`); every other requirement reads that. Each dialect module has one; `StorageServer` composes them.
package protocol Dialect: Sendable {
    /// What the dialect reads a path into.
    associatedtype Route: Sendable

    /// The paths the dialect owns, as it registers them in the route table.
    var claim: PathClaim { get }
    /// The route of a path the table gave this dialect: nil when none of its routes has it; a malformed escape or
    /// name throws (a 400).
    func route(of path: String) throws(BackendError) -> Route?
    func respond(to request: RoutedRequest<Route>) -> HTTPResponse
    /// Decides from the head alone, before any byte of the body is read: a refusal (a write the caller may not
    /// make), or nil to let it through.
    func vetHead(_ request: RoutedRequest<Route>) -> HTTPResponse?
    /// Whether the request's body is an object's bytes, to be pulled as they arrive instead of held whole.
    func streamsBody(_ request: RoutedRequest<Route>) -> Bool
    /// The largest body the route takes when it is received whole (not streamed), or nil for the server's own
    /// limit: metadata routes take `RequestBodyLimits.metadata` (docs/limits.md).
    func bufferedBodyLimit(_ request: RoutedRequest<Route>) -> Int?
    /// An error in this dialect's shape.
    func errorResponse(_ error: BackendError) -> HTTPResponse
    /// What the request is, as faults name it; nil for a request no fault can name.
    func faultSubject(of request: RoutedRequest<Route>) -> FaultSubject?
    /// An answer to an upload query that says `receivedBytes` were received instead.
    func misreport(_ response: HTTPResponse, receivedBytes: Int64) -> HTTPResponse
    /// The request with its chunk cut to the first `count` bytes and not finalizing (a streamed body left for the
    /// caller to put in); nil when it carries no chunk that long.
    func truncated(_ request: HTTPRequest, to count: Int64) -> HTTPRequest?
}

extension Dialect {
    /// The path read into this dialect's route, or the failure to answer for it: the one place a dialect's path is
    /// parsed (once per request, by its plan).
    package func routeResult(of path: String) -> Result<Route?, BackendError> {
        do throws(BackendError) {
            return .success(try route(of: path))
        } catch {
            return .failure(error)
        }
    }
}

/// What a request is, as faults name it: the bucket it concerns, its kind (a scenario's word) and its GCS
/// operation (storage-testbench's word).
package struct FaultSubject: Sendable, Equatable {
    package var bucket: String?
    package var kind: RequestFault.Kind?
    package var operation: String?
    /// Whether it is an upload request that sends none of an object's bytes (a session start, a query).
    package var sendsNoUploadBytes: Bool
    /// The object's bytes it sends (a chunk, a one-shot upload), by their offsets in the object, where they are
    /// known; nil otherwise.
    package var uploadBytes: Range<Int64>?

    package init(
        bucket: String?, kind: RequestFault.Kind?, operation: String?, sendsNoUploadBytes: Bool = false,
        uploadBytes: Range<Int64>? = nil
    ) {
        self.bucket = bucket
        self.kind = kind
        self.operation = operation
        self.sendsNoUploadBytes = sendsNoUploadBytes
        self.uploadBytes = uploadBytes
    }

    /// `count` bytes from `offset`, or nil when the numbers are not a byte range.
    package static func bytes(from offset: Int64, count: Int64) -> Range<Int64>? {
        guard offset >= 0, count >= 0, case (let end, false) = offset.addingReportingOverflow(count) else { return nil }
        return offset..<end
    }
}
