import HTTPCore
import StorageAPI

/// One wire dialect's route group on `serve` (docs/architecture.md §3): the paths it claims, how it answers
/// them, its errors in its own shape, and what the layers in front of it (faults, streaming, the event loops)
/// need to know of its requests. Each dialect module has one; `StorageServer` composes them.
package protocol Dialect: Sendable {
    /// Whether `path` belongs to this dialect.
    func claims(_ path: String) -> Bool
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// Decides from the head alone, before any byte of the body is read: a refusal (a write the caller may not
    /// make), or nil to let it through.
    func vetHead(_ request: HTTPRequest) -> HTTPResponse?
    /// Whether the request's body is an object's bytes, to be pulled as they arrive instead of held whole.
    func streamsBody(_ request: HTTPRequest) -> Bool
    /// The largest body the route takes when it is received whole (not streamed), or nil for the server's own
    /// limit: metadata routes take `RequestBodyLimits.metadata` (docs/limits.md).
    func bufferedBodyLimit(_ request: HTTPRequest) -> Int?
    /// An error in this dialect's shape.
    func errorResponse(_ error: BackendError) -> HTTPResponse
    /// What the request is, as faults name it; nil for a request no fault can name.
    func faultSubject(of request: HTTPRequest) -> FaultSubject?
    /// An answer to an upload query that says `receivedBytes` were received instead.
    func misreport(_ response: HTTPResponse, receivedBytes: Int64) -> HTTPResponse
    /// The request with its chunk cut to the first `count` bytes and not finalizing (a streamed body left for the
    /// caller to put in); nil when it carries no chunk that long.
    func truncated(_ request: HTTPRequest, to count: Int64) -> HTTPRequest?
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
