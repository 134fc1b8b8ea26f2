import Foundation
import HTTPCore
import Synchronization
import TestSupport

/// Starts a server on an ephemeral loopback port for the duration of `body`.
@discardableResult
func withServer<Result>(
    _ configuration: HTTPServerConfiguration = .forTests,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse = EchoHandler.respond,
    answersOnLoop: (@Sendable (HTTPRequest) -> Bool)? = nil,
    log: (@Sendable (HTTPRequestLog) -> Void)? = nil,
    _ body: (HTTPServer, Int) throws -> Result
) throws -> Result {
    // A JSON error shape, so the tests read the core's errors as JSON.
    let server = HTTPServer(
        configuration: configuration, handler: handler, answersOnLoop: answersOnLoop,
        errorResponder: jsonErrorResponse, log: log)
    let port = try server.start()
    defer { server.stop() }
    return try body(server, port)
}

/// Where the event loops answer requests themselves in a test: `threads` has none answered there (a thread
/// serves each request), `loop` every request `EchoHandler` answers without sleeping.
enum LoopMode: CaseIterable, Sendable {
    case threads
    case loop

    var answersOnLoop: (@Sendable (HTTPRequest) -> Bool)? {
        switch self {
        case .threads: nil
        case .loop: { !$0.path.hasPrefix("/sleep/") }
        }
    }
}

/// The default test handler: describes the request in `X-` headers and echoes the body.
///
/// Paths: `/bytes/N` answers N bytes; `/status/N` answers status N; `/close` asks to close the
/// connection; `/sleep/MS` sleeps before answering; anything else echoes the body (or `hello`).
enum EchoHandler {
    @Sendable static func respond(_ request: HTTPRequest) -> HTTPResponse {
        var headers: HTTPHeaders = [
            "X-Method": request.method,
            "X-Target": request.target,
            "X-Path": request.path,
            "X-Query": request.query ?? "<none>",
            "X-Version": request.version,
            "X-Body-Length": String(request.body.count),
            "X-Remote": request.remoteAddress,
            "X-Header-Count": String(request.headers.count),
        ]
        let segments = request.path.split(separator: "/")
        var status = 200
        var body = request.body.isEmpty ? Data("hello".utf8) : request.body
        if segments.count == 2, let number = Int(segments[1]) {
            switch segments[0] {
            case "bytes": body = Data(bytes(number))
            case "status": status = number
            case "sleep": usleep(useconds_t(number * 1000))
            default: break
            }
        }
        if request.path == "/close" { headers["Connection"] = "close" }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// The body of `/bytes/N`.
    static func bytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { buffer[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
            initialized = count
        }
    }
}

/// `EchoHandler`, except that a request for `path` waits (10 s at most) until `release` is signalled, after
/// signalling `entered`: a handler caught in the middle of its work.
struct GatedHandler: Sendable {
    let path: String
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)

    var respond: @Sendable (HTTPRequest) -> HTTPResponse {
        { [path, entered, release] request in
            if request.path == path {
                entered.signal()
                _ = release.wait(timeout: .now() + 60)
            }
            return EchoHandler.respond(request)
        }
    }
}

/// Collects log lines from server threads.
final class LogRecorder: Sendable {
    private let lines = Mutex<[HTTPRequestLog]>([])

    var record: @Sendable (HTTPRequestLog) -> Void {
        { [self] line in lines.withLock { $0.append(line) } }
    }

    var all: [HTTPRequestLog] { lines.withLock { $0 } }
}

/// Waits (bounded) until `condition` holds; returns whether it did.
func eventually(within limit: Duration = .seconds(60), _ condition: () -> Bool) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while clock.now < deadline {
        if condition() { return true }
        usleep(2_000)
    }
    return condition()
}

/// Runs `count` bodies on real threads at once and waits for all of them.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            body(index)
            group.leave()
        }
        thread.stackSize = 512 * 1024
        thread.start()
    }
    group.wait()
}

/// A simple GET request.
func get(_ target: String, headers: String = "") -> String {
    "GET \(target) HTTP/1.1\r\nHost: localhost\r\n\(headers)\r\n"
}
