import Foundation
import Primitives

/// One HTTP exchange as reports show it: tokens redacted, bodies cut (`ExchangeRedaction`).
package struct RecordedExchange: Sendable, Equatable {
    package var method: String
    /// The URL with token-like query values replaced by `REDACTED`.
    package var url: String
    /// `name: value` lines of the headers that matter, secrets replaced.
    package var requestHeaders: [String]
    package var requestBody: String
    /// Nil when no answer came (`error` says why).
    package var status: Int?
    package var responseHeaders: [String]
    package var responseBody: String
    package var error: String?

    package init(request: OutgoingRequest, response: IncomingResponse?, error: String?, bodyLimit: Int) {
        method = request.method
        url = ExchangeRedaction.url(request.url)
        requestHeaders = request.headers.compactMap { ExchangeRedaction.header($0.0, $0.1) }
        requestBody = ExchangeRedaction.body(request.body ?? Data(), limit: bodyLimit)
        status = response?.status
        responseHeaders = (response?.headers ?? [:]).sorted { $0.key < $1.key }
            .compactMap { ExchangeRedaction.header($0.key, $0.value) }
        responseBody = ExchangeRedaction.body(response?.body ?? Data(), limit: bodyLimit)
        self.error = error
    }

    /// A few lines: the request line, its headers and body, then the answer's (or the error).
    package var text: String {
        var lines = ["> \(method) \(url)"]
        lines += requestHeaders.map { "> \($0)" }
        if !requestBody.isEmpty { lines.append("> \(requestBody)") }
        if let status {
            lines.append("< \(status)")
            lines += responseHeaders.map { "< \($0)" }
            if !responseBody.isEmpty { lines.append("< \(responseBody)") }
        }
        if let error { lines.append("! \(error)") }
        return lines.joined(separator: "\n")
    }
}
