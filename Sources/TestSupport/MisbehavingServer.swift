import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback TCP server that answers every connection the same wrong way, to test a client's failures.
package final class MisbehavingServer: Sendable {
    package enum Behaviour: Sendable {
        /// Reads the request, then writes these bytes and closes.
        case reply([UInt8])
        /// Reads the request and never answers (until the server is closed).
        case hang
        /// Reads the request, then writes these bytes in pieces, a pause between them, and closes.
        case trickle([[UInt8]])
        /// Reads each request and writes what the script gives for it (its head as text, and how many requests
        /// came before it), then closes: a server scripted exchange by exchange.
        case script(@Sendable (_ head: String, _ index: Int) -> [UInt8])
    }

    package let port: Int
    private let listener: Int32
    private let behaviour: Behaviour
    private let closed = Mutex(false)
    private let connections = Mutex<[Int32]>([])
    private let answered = Mutex(0)

    package init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            Glibc.close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Closes the listener and every open connection.
    package func close() {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
        for connection in connections.withLock({ $0 }) {
            shutdown(connection, Int32(SHUT_RDWR))
        }
    }

    deinit {
        close()
    }

    /// Closes a connection it answered and forgets it, so `close()` never shuts down a descriptor number
    /// that the system has since given to another test's socket.
    private func finish(_ connection: Int32) {
        connections.withLock { $0.removeAll { $0 == connection } }
        shutdown(connection, Int32(SHUT_RDWR))
        Glibc.close(connection)
    }

    private func acceptLoop() {
        while !closed.withLock({ $0 }) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            connections.withLock { $0.append(connection) }
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            let received = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            switch behaviour {
            case .reply(let bytes):
                _ = bytes.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                finish(connection)
            case .hang:
                break
            case .trickle(let pieces):
                for piece in pieces {
                    _ = piece.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    usleep(20_000)
                }
                finish(connection)
            case .script(let script):
                let head = String(decoding: buffer.prefix(max(0, received)), as: UTF8.self)
                let index = answered.withLock { count in
                    defer { count += 1 }
                    return count
                }
                let bytes = script(head, index)
                _ = bytes.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                finish(connection)
            }
        }
    }
}
