/// Why an HTTP exchange gave no usable answer, naming the request: the storage clients put it in their own
/// words (`BackendError`).
public struct HTTPClientError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The request never got an answer: refused, reset, timed out.
        case transport
        /// Something answered, but not with HTTP.
        case malformedResponse
    }

    public var kind: Kind
    public var message: String
    /// The request, such as `PUT http://127.0.0.1:9199/v0/b/b/o?…`.
    public var request: String
    /// When the connection ended partway through the answer's body: its head and the bytes that arrived.
    package var partialResponse: IncomingResponse?

    public init(_ kind: Kind, _ message: String, request: String) {
        self.kind = kind
        self.message = message
        self.request = request
    }

    public var description: String { "\(message) (\(request))" }
}
