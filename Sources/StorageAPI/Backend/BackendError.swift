/// What a storage service answers instead of a result: an HTTP status with its message, or, for a live
/// endpoint, a transport failure or an answer that could not be understood.
public struct BackendError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The service answered with this HTTP status.
        case status(Int)
        /// The request never got an answer: refused, reset, timed out.
        case transport
        /// The service answered, but not in the protocol's shape.
        case malformedResponse
    }

    public var kind: Kind
    public var message: String
    /// The request this concerns, such as `PUT http://127.0.0.1:9199/v0/b/b/o?…`, when there was one.
    public var request: String?
    /// How long the service asked the client to wait before trying again (`Retry-After`, in seconds).
    public var retryAfter: Double?
    /// The part of a read's answer that arrived before the connection dropped.
    public var partialRead: ObjectRead?
    /// The body of the service's answer, as text, where it sent one.
    public var responseBody: String?
    /// A scenario's fault caused it (`FaultInjectingBackend`): behaviour under test, not a target gone away.
    public var injected = false

    public init(_ kind: Kind, _ message: String, request: String? = nil, retryAfter: Double? = nil) {
        self.kind = kind
        self.message = message
        self.request = request
        self.retryAfter = retryAfter
    }

    public init(status: Int, _ message: String) {
        self.init(.status(status), message)
    }

    public var status: Int? {
        if case .status(let status) = kind { return status }
        return nil
    }

    public var description: String {
        let what: String
        switch kind {
        case .status(let status): what = "HTTP \(status): \(message)"
        case .transport: what = "transport failure: \(message)"
        case .malformedResponse: what = "malformed response: \(message)"
        }
        guard let request else { return what }
        return "\(what) (\(request))"
    }

    public static func badRequest(_ message: String) -> BackendError { BackendError(status: 400, message) }
    public static func unauthenticated(_ message: String = "Invalid authentication token.") -> BackendError {
        BackendError(status: 401, message)
    }
    public static func forbidden(_ message: String) -> BackendError { BackendError(status: 403, message) }
    public static func notFound(_ message: String = "Not Found.") -> BackendError { BackendError(status: 404, message) }
}
