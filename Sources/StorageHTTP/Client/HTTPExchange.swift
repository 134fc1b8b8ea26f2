import Foundation
import StorageModel

/// One request the client sends.
struct OutgoingRequest: Sendable {
    var method: String
    var url: URL
    var headers: [(String, String)] = []
    var body: Data?

    /// `PUT http://127.0.0.1:9199/v0/b/…`: how errors name the request.
    var described: String { "\(method) \(url.absoluteString)" }
}

/// One answer the client received: any status, headers by lower-cased name, the whole body.
struct IncomingResponse: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
    /// The request it answers, as `OutgoingRequest.described`.
    var request: String

    func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    var isSuccess: Bool { (200..<300).contains(status) }

    /// The body read by `decode`; a failure names the request.
    func decoded<Value>(_ decode: (Data) throws(BackendError) -> Value) throws(BackendError) -> Value {
        do {
            return try decode(body)
        } catch {
            throw BackendError(error.kind, error.message, request: request)
        }
    }

    /// A `.malformedResponse` about this answer.
    func malformed(_ message: String) -> BackendError {
        BackendError(.malformedResponse, message, request: request)
    }
}
