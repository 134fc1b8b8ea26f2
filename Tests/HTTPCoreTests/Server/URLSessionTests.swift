import Foundation
import HTTPCore
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A sanity check with a real HTTP client library.
@Suite struct URLSessionTests {
    private func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        return URLSession(configuration: configuration)
    }

    @Test func getPutAndHeadThroughURLSession() async throws {
        let server = HTTPServer(configuration: .forTests, handler: EchoHandler.respond)
        let port = try server.start()
        defer { server.stop() }
        let session = session()
        defer { session.finishTasksAndInvalidate() }
        let base = try #require(URL(string: "http://127.0.0.1:\(port)"))

        let (getData, getResponse) = try await session.data(from: base.appendingPathComponent("hello"))
        let get = try #require(getResponse as? HTTPURLResponse)
        #expect(get.statusCode == 200)
        #expect(String(decoding: getData, as: UTF8.self) == "hello")
        #expect(get.value(forHTTPHeaderField: "x-path") == "/hello")

        let payload = Data((0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        var put = URLRequest(url: base.appendingPathComponent("upload"))
        put.httpMethod = "PUT"
        let (putData, putResponse) = try await session.upload(for: put, from: payload)
        #expect((putResponse as? HTTPURLResponse)?.statusCode == 200)
        #expect(putData == payload)

        var head = URLRequest(url: base.appendingPathComponent("bytes/4096"))
        head.httpMethod = "HEAD"
        let (headData, headResponse) = try await session.data(for: head)
        let headHTTP = try #require(headResponse as? HTTPURLResponse)
        #expect(headHTTP.statusCode == 200)
        #expect(headHTTP.value(forHTTPHeaderField: "Content-Length") == "4096")
        #expect(headData.isEmpty)

        let (_, notFound) = try await session.data(from: base.appendingPathComponent("status/404"))
        #expect((notFound as? HTTPURLResponse)?.statusCode == 404)
    }
}
