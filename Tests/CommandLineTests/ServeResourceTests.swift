import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `serve`'s memory follows the bytes clients send, not the sizes they declare, and its log never holds up
/// serving. Measured on the spawned process, so the other tests running beside these do not count.
@Suite("serve resources") struct ServeResourceTests {
    #if canImport(Glibc)
    /// 100 connections that each declare a 512 MiB body and send one byte (before the fix each took 2 MiB).
    @Test func declaredBodiesCostWhatWasSent() throws {
        let serve = try ServedProcess()
        let before = try serve.memory().resident
        try #require(before > 0)
        var sockets: [Int32] = []
        defer {
            for socket in sockets { close(socket) }
        }
        for index in 0..<100 {
            let socket = try serve.connect()
            sockets.append(socket)
            let head =
                "POST /v0/b/b/o?name=big\(index) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 536870912\r\n\r\nx"
            #expect(head.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) } > 0)
        }
        Thread.sleep(forTimeInterval: 0.5)
        let grown = try serve.memory().resident - before
        #expect(grown < 48 << 20, "resident memory grew by \(grown >> 20) MiB")
    }

    /// 200 resumable starts that each declare 64 MiB reserve nothing (before the fix: 12.5 GiB of address space).
    @Test func declaredUploadSizesReserveNothing() throws {
        let serve = try ServedProcess()
        let before = try serve.memory().virtual
        try #require(before > 0)
        let socket = try serve.connect()
        defer { close(socket) }
        for index in 0..<200 {
            let request =
                "POST /v0/b/b/o?name=s\(index) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Goog-Upload-Protocol: resumable\r\n"
                + "X-Goog-Upload-Command: start\r\nX-Goog-Upload-Header-Content-Length: 67108864\r\n"
                + "Content-Length: 2\r\n\r\n{}"
            #expect(request.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) } > 0)
            var buffer = [UInt8](repeating: 0, count: 4096)
            #expect(recv(socket, &buffer, buffer.count, 0) > 0)
        }
        let grown = try serve.memory().virtual - before
        #expect(grown < 1 << 30, "address space grew by \(grown >> 20) MiB")
    }

    /// serve raises its soft limit on open descriptors to the hard one: each connection and each blob kept open
    /// holds a descriptor, and the usual soft limit is no more than the connection limit.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")))
    func serveRaisesItsOpenFileLimit() throws {
        let folder = try TemporaryFolder()
        let binary = try #require(SpawnedTool.binary, "build the storage-conformance product first")
        let tool = try SpawnedTool(
            URL(fileURLWithPath: "/usr/bin/prlimit"), ["--nofile=256:4096", "--", binary.path, "serve", "--port", "0"],
            in: folder.url)
        _ = try #require(
            tool.waitForOutput(matching: "http://127\\.0\\.0\\.1:([0-9]+)\n", timeout: 30), "\(tool.errors)")
        let limits = try String(contentsOfFile: "/proc/\(tool.processIdentifier)/limits", encoding: .utf8)
        let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
        let soft = line.split(separator: " ").dropFirst(3).first
        #expect(soft == "4096", "\(line)")
    }

    /// 3,000 requests logged with --verbose into a pipe nobody reads (64 KiB fill after about 1,000 lines)
    /// are all answered: before, request threads blocked on the full pipe.
    @Test func aStalledLogReaderDoesNotStopServing() throws {
        let serve = try ServedProcess(["--verbose"])
        serve.tool.stopReadingOutput()
        let socket = try serve.connect()
        defer { close(socket) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var answered = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        for index in 0..<3000 {
            let request = "GET /v0/b/bkt/o/missing-object-\(index) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            guard request.withCString({ send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }) > 0 else { break }
            guard recv(socket, &buffer, buffer.count, 0) > 0 else { break }
            answered += 1
        }
        #expect(answered == 3000)
    }
    #endif
}

#if canImport(Glibc)
/// `storage-conformance serve --port 0` as a child process.
struct ServedProcess {
    let tool: SpawnedTool
    let port: UInt16
    let folder: TemporaryFolder

    init(_ arguments: [String] = []) throws {
        folder = try TemporaryFolder()
        let binary = try #require(SpawnedTool.binary, "build the storage-conformance product first")
        tool = try SpawnedTool(binary, ["serve", "--port", "0"] + arguments, in: folder.url)
        let text = try #require(
            tool.waitForOutput(matching: "http://127\\.0\\.0\\.1:([0-9]+)\n", timeout: 30), "\(tool.errors)")
        port = try #require(UInt16(text))
    }

    /// Resident, virtual and peak resident bytes, from /proc.
    func memory() throws -> (resident: Int, virtual: Int, peak: Int) {
        let status = try String(contentsOfFile: "/proc/\(tool.processIdentifier)/status", encoding: .utf8)
        func bytes(_ field: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * 1024
        }
        return (bytes("VmRSS"), bytes("VmSize"), bytes("VmHWM"))
    }

    func connect() throws -> Int32 {
        try LoopbackSocket.connect(port: Int(port))
    }

    /// POSTs `json` to `target` on a fresh connection; returns the answer's text, head and body.
    func post(_ target: String, json: String) throws -> String {
        let socket = try connect()
        defer { close(socket) }
        let request =
            "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(json.utf8.count)\r\n\r\n\(json)"
        _ = request.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            answer += buffer[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
#endif
