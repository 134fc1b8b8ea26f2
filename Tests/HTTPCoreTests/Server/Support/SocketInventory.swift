import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts this process's open socket descriptors that belong to TCP connections on a port.
enum SocketInventory {
    /// Descriptors whose socket has `port` as its local or remote port (the listener included).
    static func descriptors(usingPort port: Int) -> Int {
        let inodes = socketInodes(usingPort: port)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return -1 }
        return entries.filter { entry in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)"),
                target.hasPrefix("socket:[")
            else { return false }
            return inodes.contains(String(target.dropFirst(8).dropLast()))
        }.count
    }

    private static func socketInodes(usingPort port: Int) -> Set<String> {
        var inodes = Set<String>()
        let hexPort = String(format: "%04X", port)
        for table in ["/proc/self/net/tcp", "/proc/self/net/tcp6"] {
            guard let text = readWholeFile(table) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 9 else { continue }
                let local = fields[1].split(separator: ":").last.map(String.init)
                let remote = fields[2].split(separator: ":").last.map(String.init)
                if local == hexPort || remote == hexPort, fields[9] != "0" {
                    inodes.insert(String(fields[9]))
                }
            }
        }
        return inodes
    }

    /// Reads a /proc file to its end (their reported size is 0, so whole-file helpers may stop early).
    private static func readWholeFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
