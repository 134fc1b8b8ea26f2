/// One line of the server's access log, reported after a response is written (or a request is refused).
///
/// For a request refused before its request line was read (e.g. 503 over the connection limit, or a
/// malformed request line), `method` and `target` are empty.
public struct HTTPRequestLog: Sendable, Equatable {
    public var method: String
    public var target: String
    public var status: Int
    /// Bytes of the request as received: request line, headers and body (with chunk framing, if any).
    public var requestBytes: Int
    /// Bytes of the response as written: status line, headers and body.
    public var responseBytes: Int
    /// From the request's first byte to the end of the response.
    public var duration: Duration
    public var remoteAddress: String
    /// The answer's `HTTPResponse.logNote`; nil when it has none or the core answered itself.
    public var note: String?

    public init(
        method: String, target: String, status: Int, requestBytes: Int, responseBytes: Int, duration: Duration,
        remoteAddress: String, note: String? = nil
    ) {
        self.method = method
        self.target = target
        self.status = status
        self.requestBytes = requestBytes
        self.responseBytes = responseBytes
        self.duration = duration
        self.remoteAddress = remoteAddress
        self.note = note
    }
}
