import Foundation
import HTTPCore
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A sanity check with a real HTTP client library.
///
/// The exchanges wait on URLSession's own queue, not on `await`: an awaiting test resumes only when the
/// cooperative pool has a free thread, and on a two-core machine the blocking tests around it held both for a
/// minute, so this test measured the rest of the suite instead of the server.
@Suite struct URLSessionTests {
    @Test func getPutAndHeadThroughURLSession() throws {
        let server = HTTPServer(configuration: .forTests, handler: EchoHandler.respond)
        let port = try server.start()
        defer { server.stop() }
        let client = BlockingURLSession()
        defer { client.finish() }
        let base = try #require(URL(string: "http://127.0.0.1:\(port)"))

        let get = try client.exchange(URLRequest(url: base.appendingPathComponent("hello")))
        #expect(get.response.statusCode == 200)
        #expect(String(decoding: get.body, as: UTF8.self) == "hello")
        #expect(get.response.value(forHTTPHeaderField: "x-path") == "/hello")

        let payload = Data((0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        var putRequest = URLRequest(url: base.appendingPathComponent("upload"))
        putRequest.httpMethod = "PUT"
        let put = try client.exchange(putRequest, uploading: payload)
        #expect(put.response.statusCode == 200)
        let echoedWhole = put.body == payload
        #expect(echoedWhole)

        var headRequest = URLRequest(url: base.appendingPathComponent("bytes/4096"))
        headRequest.httpMethod = "HEAD"
        let head = try client.exchange(headRequest)
        #expect(head.response.statusCode == 200)
        #expect(head.response.value(forHTTPHeaderField: "Content-Length") == "4096")
        #expect(head.body.isEmpty)

        let notFound = try client.exchange(URLRequest(url: base.appendingPathComponent("status/404")))
        #expect(notFound.response.statusCode == 404)
    }
}

/// A URLSession whose exchanges block the calling thread until the session's queue hands over the answer.
private final class BlockingURLSession: Sendable {
    private let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        return URLSession(configuration: configuration)
    }()

    struct Exchange {
        let response: HTTPURLResponse
        let body: Data
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func exchange(_ request: URLRequest, uploading payload: Data? = nil) throws -> Exchange {
        let box = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
            box.set(data, response, error)
            done.signal()
        }
        let task =
            payload.map { session.uploadTask(with: request, from: $0, completionHandler: completion) }
            ?? session.dataTask(with: request, completionHandler: completion)
        task.resume()
        let what = "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "")"
        guard done.wait(timeout: .now() + 60) == .success else { throw Failure(description: "\(what): no answer") }
        let (data, response, error) = box.value
        if let error { throw Failure(description: "\(what): \(error)") }
        guard let response = response as? HTTPURLResponse else { throw Failure(description: "\(what): not HTTP") }
        return Exchange(response: response, body: data ?? Data())
    }

    func finish() {
        session.finishTasksAndInvalidate()
    }
}

/// An answer handed over from URLSession's queue.
private final class AnswerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (Data?, URLResponse?, (any Error)?) = (nil, nil, nil)

    func set(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
        lock.withLock { stored = (data, response, error) }
    }

    var value: (Data?, URLResponse?, (any Error)?) { lock.withLock { stored } }
}
