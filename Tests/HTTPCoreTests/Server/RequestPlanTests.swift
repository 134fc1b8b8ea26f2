import Foundation
import HTTPCore
import Synchronization
import TestSupport
import Testing

/// A request's plan is made once, from its head, and every question about the request is asked of it.
@Suite struct RequestPlanTests {
    /// Records what was asked of the plans of one server, by the plan's number.
    final class Questions: Sendable {
        private let state = Mutex<(plans: Int, asked: [String])>((0, []))

        func newPlan() -> Int {
            state.withLock {
                $0.plans += 1
                return $0.plans
            }
        }
        func ask(_ question: String, of plan: Int) { state.withLock { $0.asked.append("\(plan):\(question)") } }
        var plans: Int { state.withLock { $0.plans } }
        var asked: [String] { state.withLock { $0.asked } }
    }

    /// Streams bodies of `/stream`, refuses `/refused`, answers bodiless GETs on the loop.
    struct CountingPlan: HTTPRequestPlan {
        let number: Int
        let path: String
        let answersOnLoop: Bool
        let questions: Questions

        func refusal(_ head: HTTPRequest) -> HTTPResponse? {
            questions.ask("refusal", of: number)
            return path == "/refused" ? HTTPResponse(status: 403, body: Data("no".utf8)) : nil
        }
        func streamsBody(_ head: HTTPRequest) -> Bool {
            questions.ask("streams", of: number)
            return path == "/stream"
        }
        func bufferedBodyLimit(_ head: HTTPRequest) -> Int? {
            questions.ask("limit", of: number)
            return nil
        }
        func respond(to request: HTTPRequest) -> HTTPResponse {
            questions.ask("respond", of: number)
            var bytes = request.body
            if let stream = request.bodyStream {
                var buffer = [UInt8](repeating: 0, count: 64)
                let count = buffer.withUnsafeMutableBytes { (try? stream.read(into: $0)) ?? 0 }
                bytes = Data(buffer[..<count])
            }
            return HTTPResponse(status: 200, body: bytes.isEmpty ? Data("hello".utf8) : bytes)
        }
    }

    private func withPlannedServer(_ body: (Questions, Int) throws -> Void) throws {
        let questions = Questions()
        let server = HTTPServer(configuration: .forTests) { head in
            CountingPlan(
                number: questions.newPlan(), path: head.path, answersOnLoop: head.method == "GET",
                questions: questions)
        }
        let port = try server.start()
        defer { server.stop() }
        try body(questions, port)
    }

    @Test(arguments: ["/buffered", "/stream"])
    func aRequestWithABodyIsPlannedOnceAndAskedInOrder(path: String) throws {
        try withPlannedServer { questions, port in
            let client = try RawClient(port: port)
            try client.send("PUT \(path) HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello")
            let answer = try client.readResponse()
            #expect(answer.status == 200)
            #expect(answer.text == "hello")
            #expect(questions.plans == 1)
            let expected =
                path == "/stream"
                ? ["1:refusal", "1:streams", "1:respond"] : ["1:refusal", "1:streams", "1:limit", "1:respond"]
            #expect(questions.asked == expected)
        }
    }

    @Test func aRefusalEndsTheRequestBeforeItsBodyIsAskedAbout() throws {
        try withPlannedServer { questions, port in
            let client = try RawClient(port: port)
            try client.send("PUT /refused HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\n")
            #expect(try client.readResponse().status == 403)
            #expect(questions.asked == ["1:refusal"])
        }
    }

    @Test func aBodilessRequestAnsweredOnTheLoopOrOnAThreadIsPlannedOnce() throws {
        try withPlannedServer { questions, port in
            let client = try RawClient(port: port)
            try client.send(get("/a") + "DELETE /b HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            #expect(try client.readResponse().status == 200)
            #expect(questions.plans == 2)
            #expect(questions.asked == ["1:respond", "2:respond"])
        }
    }
}
