import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files atomically (reports, exports): readers see the old file or the complete new one, never a
/// half-written file.
public enum AtomicFile {
    /// Creates missing parent directories, writes `data` to a temporary file in the target's
    /// directory, flushes it to disk and renames it over `path`. On any failure the temporary
    /// file is removed, an existing file is left as it was, and an `AtomicFileError` naming
    /// `path` and the reason is thrown.
    public static func write(_ data: Data, to path: String) throws {
        try write(to: path) { descriptor in data.withUnsafeBytes { FileDescriptorWriting.writeAll($0, to: descriptor) }
        }
    }

    /// Writes a file whole through `fill`, which writes to the open descriptor and returns why it failed, or nil.
    package static func write(to path: String, _ fill: (Int32) -> String?) throws {
        guard !path.isEmpty else { throw AtomicFileError(path: path, reason: "the path is empty") }
        let parts = FilePathParts(path)
        let fileName = parts.fileName
        guard !fileName.isEmpty, fileName != ".", fileName != ".." else {
            throw AtomicFileError(path: path, reason: "the path names a directory, not a file")
        }
        for folder in parts.folderChain {
            try makeDirectory(folder, for: path)
        }
        let temporary = parts.siblingPrefix + ".\(fileName).\(UUID().uuidString).tmp"
        do {
            try writeNewFile(at: temporary, for: path, fill)
            guard rename(temporary, path) == 0 else {
                throw AtomicFileError(path: path, reason: "cannot replace it: " + lastErrorText())
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// One step of `mkdir -p`: creates `directory` unless it exists; an existing non-directory is an error.
    private static func makeDirectory(_ directory: String, for path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw AtomicFileError(path: path, reason: "'\(directory)' exists and is not a directory")
            }
            return
        }
        if mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw AtomicFileError(path: path, reason: "cannot create directory '\(directory)': " + lastErrorText())
        }
    }

    private static func writeNewFile(at temporary: String, for path: String, _ fill: (Int32) -> String?) throws {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw AtomicFileError(path: path, reason: "cannot create a temporary file beside it: " + lastErrorText())
        }
        var failure = fill(descriptor)
        if failure == nil, fsync(descriptor) != 0 {
            failure = lastErrorText()
        }
        if close(descriptor) != 0, failure == nil {
            failure = lastErrorText()
        }
        if let failure {
            throw AtomicFileError(path: path, reason: "writing failed: " + failure)
        }
    }

    private static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }
}
