import Foundation
import HTTPCore

extension HTTPRequest {
    /// The request of an upload session (`upload_id=` in its query) with its body cut to the first `count` bytes
    /// (a streamed body left out, for the caller to put in): what each dialect's `Dialect.truncated` starts from
    /// before it fixes its own headers. Nil when it is no session's request or its body is shorter.
    package func sessionChunk(cutTo count: Int64) -> HTTPRequest? {
        guard query?.contains("upload_id=") == true, count >= 0, bodyLength >= count else { return nil }
        var cut = self
        cut.body = bodyStream == nil ? body.prefix(Int(count)) : Data()
        cut.bodyStream = nil
        return cut
    }
}
