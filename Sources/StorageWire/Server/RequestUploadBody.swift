import Foundation
import HTTPCore
import StorageAPI

/// A request body the server streams, as the bytes of an upload. A failure to read it reaches the service as an
/// error (which keeps nothing of the chunk); the server then answers the failure itself (`HTTPBodyStream`).
package final class RequestUploadBody: UploadBody {
    private let stream: HTTPBodyStream

    package init(_ stream: HTTPBodyStream) {
        self.stream = stream
    }

    package var length: Int64 { Int64(stream.length) }

    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(BackendError) -> Int {
        do {
            return try stream.read(into: buffer)
        } catch {
            let (status, message) = HTTPBodyStream.describe(error)
            throw BackendError(status: status, message)
        }
    }
}
