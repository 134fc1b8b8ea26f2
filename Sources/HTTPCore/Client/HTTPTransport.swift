import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Blocking HTTP exchanges: `http://` over the project's own socket client (`SocketTransport`: waiting costs
/// no CPU), `https://` and any injected session over `URLSession`, where the calling thread waits on a
/// semaphore while the session's own queue runs the task, so a plain thread never deadlocks it.
///
/// Each request gives up after `timeout` without progress (`URLRequest.timeoutInterval`); a watchdog a
/// little later cancels a task the session failed to end. Failures are `HTTPClientError`s naming the
/// request: refused, reset and timed out are `.transport`, an answer that is not HTTP `.malformedResponse`.
package final class HTTPTransport: Sendable {
    let session: URLSession
    let timeout: TimeInterval
    private let ownsSession: Bool
    /// Set when no session was injected: plain `http://` requests go over it.
    private let sockets: SocketTransport?
    /// Where each exchange is recorded when a scenario's recorder is attached for its URL.
    package let recorders = ExchangeRecorders()

    package init(timeout: TimeInterval, session: URLSession?) {
        self.timeout = timeout
        sockets = session == nil ? SocketTransport(timeout: timeout) : nil
        if let session {
            self.session = session
            ownsSession = false
        } else {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.timeoutIntervalForRequest = timeout
            configuration.httpCookieAcceptPolicy = .never
            configuration.httpShouldSetCookies = false
            self.session = URLSession(configuration: configuration)
            ownsSession = true
        }
    }

    deinit {
        if ownsSession { session.finishTasksAndInvalidate() }
    }

    package func send(_ request: OutgoingRequest) throws(HTTPClientError) -> IncomingResponse {
        guard let recorder = recorders.recorder(for: request.url) else { return try exchange(request) }
        do {
            let response = try exchange(request)
            recorder.record(request, response: response, error: nil)
            return response
        } catch {
            recorder.record(request, response: error.partialResponse, error: error.message)
            throw error
        }
    }

    private func exchange(_ request: OutgoingRequest) throws(HTTPClientError) -> IncomingResponse {
        if let sockets, request.url.scheme?.lowercased() == "http" { return try sockets.send(request) }
        var urlRequest = URLRequest(
            url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        let outcome = Outcome()
        let finished = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: urlRequest) { data, response, error in
            outcome.store(data: data, response: response, error: error)
            finished.signal()
        }
        task.resume()
        if finished.wait(timeout: .now() + timeout + Self.watchdogSlack) == .timedOut {
            task.cancel()
            throw HTTPClientError(.transport, "no answer within \(Self.seconds(timeout)) s", request: request.described)
        }
        return try outcome.response(for: request)
    }

    /// How long after the request timeout the watchdog steps in.
    private static let watchdogSlack: TimeInterval = 2

    fileprivate static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() ? String(Int(interval)) : String(interval)
    }
}

/// What a data task delivered, handed from the session's queue to the waiting thread.
private final class Outcome: Sendable {
    /// The answer's parts, copied out of the `URLResponse` on the session's queue.
    private struct Delivery {
        var data: Data?
        var answer: (status: Int, headers: [String: String])?
        var error: (any Error)?
    }

    private let delivery = Mutex<Delivery?>(nil)

    func store(data: Data?, response: URLResponse?, error: (any Error)?) {
        var answer: (status: Int, headers: [String: String])?
        if let http = response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                guard let name = name as? String, let value = value as? String else { continue }
                headers[name.lowercased()] = value
            }
            answer = (http.statusCode, headers)
        }
        delivery.withLock { $0 = Delivery(data: data, answer: answer, error: error) }
    }

    func response(for request: OutgoingRequest) throws(HTTPClientError) -> IncomingResponse {
        guard let delivered = delivery.withLock({ $0 }) else {
            throw HTTPClientError(.transport, "the request ended without an answer", request: request.described)
        }
        if let error = delivered.error { throw Self.failure(error, request: request) }
        guard let answer = delivered.answer else {
            throw HTTPClientError(.malformedResponse, "the answer is not an HTTP response", request: request.described)
        }
        return IncomingResponse(
            status: answer.status, headers: answer.headers, body: delivered.data ?? Data(),
            request: request.described)
    }

    private static func failure(_ error: any Error, request: OutgoingRequest) -> HTTPClientError {
        let nsError = error as NSError
        let detail = "\(nsError.localizedDescription) (\(nsError.domain) \(nsError.code))"
        guard nsError.domain == NSURLErrorDomain else {
            return HTTPClientError(.transport, detail, request: request.described)
        }
        switch nsError.code {
        case NSURLErrorBadServerResponse, NSURLErrorCannotParseResponse, NSURLErrorCannotDecodeRawData,
            NSURLErrorCannotDecodeContentData, NSURLErrorZeroByteResource:
            return HTTPClientError(.malformedResponse, detail, request: request.described)
        case NSURLErrorUnsupportedURL where ["http", "https"].contains(request.url.scheme?.lowercased() ?? ""):
            // What curl-based URL loading reports for an answer that is not HTTP at all ("HTTP/0.9").
            return HTTPClientError(.malformedResponse, detail, request: request.described)
        case NSURLErrorTimedOut:
            return HTTPClientError(.transport, "timed out: \(detail)", request: request.described)
        default:
            return HTTPClientError(.transport, detail, request: request.described)
        }
    }
}
