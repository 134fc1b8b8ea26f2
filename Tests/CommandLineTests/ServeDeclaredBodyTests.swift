import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A declared body is charged for the bytes that arrived, not ahead of them: memory made writable (what strict
/// overcommit charges, and what huge pages would fill at the first touch) follows the bytes received (issue 25,
/// point 11: each connection that declared 4 MiB and sent one byte took 2 MiB, and its thread an 8 MiB stack).
@Suite("serve: declared bodies") struct ServeDeclaredBodyTests {
    #if canImport(Glibc)
    @Test(arguments: ["/v0/b/bkt/o?name=big", "/upload/storage/v1/b/bkt/o?uploadType=multipart&name=big"])
    func connectionsThatDeclareMuchAndSendLittleAreChargedLittle(_ target: String) throws {
        let serve = try ServedProcess()
        let before = try serve.writablePrivateBytes()
        var sockets: [Int32] = []
        defer {
            for socket in sockets { close(socket) }
        }
        for index in 0..<100 {
            let socket = try serve.connect()
            sockets.append(socket)
            let head =
                "POST \(target)\(index) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
                + "Content-Length: 4194304\r\n\r\nx"
            #expect(head.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) } > 0)
        }
        // Every connection has its byte received: each is served on a thread (a 1 MiB stack), receiving.
        Thread.sleep(forTimeInterval: 1)
        let grown = try serve.writablePrivateBytes() - before
        #expect(grown < 100 * (5 << 18), "writable private memory grew by \(grown >> 20) MiB for 100 connections")
    }
    #endif
}

#if canImport(Glibc)
extension ServedProcess {
    /// The bytes of the process's private writable mappings (from /proc/PID/maps).
    func writablePrivateBytes() throws -> Int {
        // Read to the end by hand: /proc files say they are empty, and readers that trust that stop early.
        let descriptor = open("/proc/\(tool.processIdentifier)/maps", O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        let maps = String(decoding: bytes, as: UTF8.self)
        var total = 0
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 1, fields[1].hasPrefix("rw"), fields[1].hasSuffix("p") else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { Int($0, radix: 16) }
            if bounds.count == 2 { total += bounds[1] - bounds[0] }
        }
        return total
    }
}
#endif
