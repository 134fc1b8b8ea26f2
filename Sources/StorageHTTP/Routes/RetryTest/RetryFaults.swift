import Foundation
import StorageModel

/// Applies the retry test a request names (`x-retry-test-id`) to it: the next instruction for the request's
/// operation decides whether it is answered, cut short, delayed, or refused (docs/gcs-dialect.md §6).
struct RetryFaults: Sendable {
    let registry: RetryTestRegistry

    /// The answer to `http` under its retry test, or nil when it names none or none is left for its operation.
    /// `handler` answers a request normally; `error` shapes an error for the request's dialect.
    func respond(
        to http: HTTPRequest, handler: (HTTPRequest) -> HTTPResponse, error: (BackendError) -> HTTPResponse
    ) -> HTTPResponse? {
        guard let id = http.headers["x-retry-test-id"]?.trimmingCharacters(in: .whitespaces),
            let operation = RetryOperation.name(of: http)
        else { return nil }
        let instruction: RetryInstruction?
        do {
            instruction = try registry.consume(id, operation: operation)
        } catch let failure {
            return error(failure)
        }
        guard let instruction else { return nil }
        let message = "Injected by retry test \(id) for \(operation)."
        switch instruction {
        case .status(let status):
            http.bodyStream?.discardRest()
            return error(BackendError(status: status, message))
        case .statusAfter(let status, let kibibytes):
            let count = kibibytes * 1024
            if let stream = http.bodyStream {
                // The first bytes go to the handler as they arrive, the rest is read and dropped: never held.
                stream.withPrefix(count) { prefix in
                    if var partial = Self.firstBytes(of: http, count: count, length: stream.length) {
                        partial.bodyStream = prefix
                        _ = handler(partial)
                    }
                }
                stream.discardRest()
            } else if var partial = Self.firstBytes(of: http, count: count, length: http.body.count) {
                partial.body = http.body.prefix(count)
                _ = handler(partial)
            }
            return error(BackendError(status: status, message))
        case .reset:
            return HTTPResponse(status: 500, disruption: .reset)
        case .brokenStream(let kibibytes):
            var response = handler(http)
            let size = response.file.map { Int($0.length) } ?? response.body.count
            response.disruption = .breakAfter(bodyBytes: kibibytes.map { $0 * 1024 } ?? size / 2)
            return response
        case .stall(let seconds, let kibibytes):
            var response = handler(http)
            response.disruption = .stall(seconds: seconds, afterBodyBytes: kibibytes * 1024)
            return response
        }
    }

    /// A chunk of `length` bytes sent to an upload session, cut to its first `count` bytes (never finalizing;
    /// the caller puts the bytes in), or nil when `http` is not such a chunk or is no longer than that.
    static func firstBytes(of http: HTTPRequest, count: Int, length: Int) -> HTTPRequest? {
        guard http.query?.contains("upload_id=") == true, length > count else { return nil }
        var cut = http
        cut.body = Data()
        cut.bodyStream = nil
        if let range = http.headers["Content-Range"], range.hasPrefix("bytes "),
            let dash = range.firstIndex(of: "-"),
            let first = CheckedNumber.byteCount(range[range.index(range.startIndex, offsetBy: 6)..<dash])
        {
            cut.headers["Content-Range"] = count == 0 ? "bytes */*" : "bytes \(first)-\(first + Int64(count) - 1)/*"
        }
        if let command = http.headers[UploadHeaders.command], command.lowercased().contains("finalize") {
            cut.headers[UploadHeaders.command] = "upload"
        }
        return cut
    }
}
