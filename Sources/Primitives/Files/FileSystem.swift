import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file calls the data directory makes, each retried on EINTR and failing with the call, the
/// path and the system's reason.
package enum FileSystem {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        /// The process (or the system) had no descriptor left: the call may work again shortly.
        package var isOutOfDescriptors = false
    }

    package static func failure(_ call: String, _ path: String) -> Failure {
        let code = errno
        return Failure(
            description: "\(call) \(path): \(String(cString: strerror(code)))",
            isOutOfDescriptors: code == EMFILE || code == ENFILE)
    }

    /// Cuts the file at `path` to `size` bytes.
    package static func cut(_ path: String, to size: Int64) throws(Failure) {
        while truncate(path, off_t(size)) != 0 {
            if errno != EINTR { throw failure("truncate", path) }
        }
    }

    package static func openFile(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws(Failure) -> Int32 {
        while true {
            let descriptor = open(path, flags | O_CLOEXEC, mode)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw failure("open", path) }
        }
    }

    /// Writes all of `bytes` at `offset`.
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int64, path: String)
        throws(Failure)
    {
        if let reason = FileDescriptorWriting.writeAll(bytes, to: descriptor, at: offset) {
            throw Failure(description: "write \(path): \(reason)")
        }
    }

    package static func sync(_ descriptor: Int32, path: String) throws(Failure) {
        guard fsync(descriptor) == 0 else { throw failure("fsync", path) }
    }

    /// Syncs a folder, so the names created or removed in it are durable.
    package static func syncFolder(_ path: String) throws(Failure) {
        let descriptor = try openFile(path, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        try sync(descriptor, path: path)
    }

    package static func move(_ from: String, to: String) throws(Failure) {
        guard rename(from, to) == 0 else { throw failure("rename \(from) to", to) }
    }

    /// Removes a file; one that is already gone is fine.
    package static func remove(_ path: String) {
        _ = unlink(path)
    }

    package static func size(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    /// Writes `data` to `path` whole: under a temporary name, synced, renamed into place, the folder synced.
    package static func publish(_ data: Data, to path: String, folder: String) throws(Failure) {
        let temporary = path + ".tmp"
        let descriptor = try openFile(temporary, O_WRONLY | O_CREAT | O_TRUNC)
        do throws(Failure) {
            let written = data.withUnsafeBytes { bytes in
                Result { () throws(Failure) in try write(descriptor, bytes, at: 0, path: temporary) }
            }
            try written.get()
            try sync(descriptor, path: temporary)
        } catch {
            close(descriptor)
            remove(temporary)
            throw error
        }
        close(descriptor)
        try move(temporary, to: path)
        try syncFolder(folder)
    }

    /// The names in a folder (none when it cannot be read).
    package static func names(in folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }
}
