import Dispatch
import Foundation
import StorageHTTP
import StorageModel

/// `serve`: the reference implementation over HTTP until SIGINT or SIGTERM.
struct ServeCommand {
    let tool: CommandLineTool

    /// `GET /v0/b/x/o/a 200 311 bytes 0.4 ms 127.0.0.1:51234`.
    static func logLine(_ entry: HTTPRequestLog) -> String {
        let (seconds, attoseconds) = entry.duration.components
        let milliseconds = Double(seconds) * 1e3 + Double(attoseconds) / 1e15
        return "\(entry.method) \(entry.target) \(entry.status) \(entry.responseBytes) bytes "
            + String(format: "%.1f ms", milliseconds) + " \(entry.remoteAddress)\n"
    }

    func run(_ arguments: [String]) -> Int32 {
        let options: ArgumentList
        let port: Int
        let maxBody: Int
        do throws(ArgumentList.Problem) {
            options = try ArgumentList(arguments, options: ["--host", "--port", "--max-body"], flags: ["--verbose", "--help", "-h"])
            port = try options.integer("--port", in: 0...65_535) ?? 9199
            maxBody = try options.integer("--max-body", in: 1...(1 << 40)) ?? HTTPServerConfiguration().maxBodyBytes
        } catch {
            return tool.usage(error.description, command: "serve")
        }
        if options.has("--help") || options.has("-h") {
            tool.say(HelpText.serve)
            return 0
        }
        if let extra = options.positionals.first {
            return tool.usage("unexpected argument \(extra) (serve takes only options)", command: "serve")
        }
        let host = options.value("--host") ?? "127.0.0.1"
        let service = InMemoryBackend()
        let output = tool.output
        var log: (@Sendable (HTTPRequestLog) -> Void)?
        if options.has("--verbose") {
            log = { entry in output.write(Self.logLine(entry)) }
        }
        let server = StorageServer(
            backend: service, configuration: HTTPServerConfiguration(host: host, port: port, maxBodyBytes: maxBody), administration: service, log: log)
        let bound: Int
        do {
            bound = try server.start()
        } catch {
            tool.complain("cannot serve on \(host):\(port): \(error)")
            return 2
        }
        let displayHost = host.contains(":") ? "[\(host)]" : host
        tool.say("storage-conformance \(ToolVersion.current) serving the reference implementation on http://\(displayHost):\(bound)")
        if host != "127.0.0.1" && host != "localhost" && host != "::1" {
            tool.complain("warning: listening on \(host), not only on loopback: anyone who can reach it can read and write every bucket")
        }
        let stopped = DispatchSemaphore(value: 0)
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopped.signal() }
            source.resume()
            return source
        }
        stopped.wait()
        tool.say("stopping")
        server.stop()
        sources.forEach { $0.cancel() }
        return 0
    }
}
