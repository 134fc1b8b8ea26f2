import Foundation
import StorageModel

/// A request body the server streams, as the bytes of an upload. A failure to read it reaches the service as an
/// error (which keeps nothing of the chunk); the server then answers the failure itself (`HTTPBodyStream`).
final class RequestUploadBody: UploadBody {
    private let stream: HTTPBodyStream

    init(_ stream: HTTPBodyStream) {
        self.stream = stream
    }

    var length: Int64 { Int64(stream.length) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(BackendError) -> Int {
        do {
            return try stream.read(into: buffer)
        } catch {
            let (status, message) = HTTPBodyStream.describe(error)
            throw BackendError(status: status, message)
        }
    }
}
