import StorageAPI

/// Which side of the wire a body came from, and so what a body that cannot be read is: a client's bad
/// request (400), or a service's malformed answer.
package enum WireSide: Sendable {
    case request
    case response

    package func failure(_ message: String) -> BackendError {
        switch self {
        case .request: .badRequest(message)
        case .response: BackendError(.malformedResponse, message)
        }
    }
}
