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
            return error(BackendError(status: status, message))
        case .statusAfter(let status, let kibibytes):
            if let partial = Self.firstBytes(of: http, count: kibibytes * 1024) { _ = handler(partial) }
            return error(BackendError(status: status, message))
        case .reset:
            return HTTPResponse(status: 500, disruption: .reset)
        case .brokenStream(let kibibytes):
            var response = handler(http)
            response.disruption = .breakAfter(bodyBytes: kibibytes.map { $0 * 1024 } ?? response.body.count / 2)
            return response
        case .stall(let seconds, let kibibytes):
            var response = handler(http)
            response.disruption = .stall(seconds: seconds, afterBodyBytes: kibibytes * 1024)
            return response
        }
    }

    /// A chunk sent to an upload session, cut to its first `count` bytes (never finalizing), or nil when
    /// `http` is not such a chunk or is no longer than that.
    static func firstBytes(of http: HTTPRequest, count: Int) -> HTTPRequest? {
        guard http.query?.contains("upload_id=") == true, http.body.count > count else { return nil }
        var cut = http
        cut.body = http.body.prefix(count)
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
