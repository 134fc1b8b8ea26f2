/// A request the server core refuses: answered with `status` and a JSON error body, then the connection closes.
struct HTTPProtocolError: Error, Equatable {
    let status: Int
    let message: String

    static func badRequest(_ message: String) -> HTTPProtocolError {
        HTTPProtocolError(status: 400, message: message)
    }

    static let requestTimeout = HTTPProtocolError(status: 408, message: "The request was not received in time.")

    static let bodyTooLarge = HTTPProtocolError(status: 413, message: "The request body is too large.")

    /// The bodies held in memory across connections reached `bodyBudgetBytes`; the client may retry later.
    static let bodyBudgetFull = HTTPProtocolError(
        status: 503, message: "The server holds too many request bodies in memory at once; retry later.")
}
