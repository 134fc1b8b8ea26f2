import Foundation
import HTTPCore
import StorageAPI

extension IncomingResponse {
    /// The body read by `decode`; a failure names the request.
    package func decoded<Value>(_ decode: (Data) throws(BackendError) -> Value) throws(BackendError) -> Value {
        do {
            return try decode(body)
        } catch {
            throw BackendError(error.kind, error.message, request: request)
        }
    }

    /// A `.malformedResponse` about this answer.
    package func malformed(_ message: String) -> BackendError {
        BackendError(.malformedResponse, message, request: request)
    }
}

extension BackendError {
    /// A failed exchange in the storage client's words.
    package init(_ failure: HTTPClientError) {
        switch failure.kind {
        case .transport: self.init(.transport, failure.message, request: failure.request)
        case .malformedResponse: self.init(.malformedResponse, failure.message, request: failure.request)
        }
    }
}
