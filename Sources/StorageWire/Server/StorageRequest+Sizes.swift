import Foundation
import Primitives
import StorageAPI

extension StorageRequest {
    /// The size the first of `headers` present announces; a value that is not a byte count is a 400.
    package func announcedSize(in headers: [String]) throws(BackendError) -> Int64? {
        for header in headers {
            guard let text = self.header(header)?.trimmingCharacters(in: .whitespaces) else { continue }
            guard let size = CheckedNumber.byteCount(text) else {
                throw .badRequest("\(header) must be a byte count up to 5 TiB (the largest object), not \"\(text)\".")
            }
            return size
        }
        return nil
    }
}
