import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path inside an export folder, looked at without following links (`lstat` on every part below the
/// folder): a path that would leave the folder (`..`, `.`, an empty part, a NUL), a symbolic link or a special
/// file (a FIFO, a device, a socket) is refused naming the path inside the folder, so `--import` reads nothing
/// outside it and tells nothing about what is there.
enum ExportFolderEntry: Equatable {
    case file(size: Int64)
    case folder
    case missing

    /// What `relative` (parts joined by `/`) is under `root`. `file` names the file a refusal is about (the
    /// path itself when nil).
    static func look(at relative: String, under root: URL, for file: String? = nil) throws(EmulatorExportError)
        -> ExportFolderEntry
    {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
            !relative.utf8.contains(0)
        else {
            throw EmulatorExportError(
                file: file ?? root.path,
                problem: "names \(relative.debugDescription), which is not a path inside the export folder")
        }
        var path = root.path
        for (index, part) in parts.enumerated() {
            path += "/" + part
            var status = stat()
            guard lstat(path, &status) == 0 else {
                if errno == ENOENT || errno == ENOTDIR { return .missing }
                throw EmulatorExportError(file: path, problem: "cannot be read: \(String(cString: strerror(errno)))")
            }
            let type = status.st_mode & S_IFMT
            if type == S_IFLNK {
                throw EmulatorExportError(
                    file: path,
                    problem: "is a symbolic link: an export holds only files and folders (links are not followed)")
            }
            if type == S_IFDIR {
                if index == parts.count - 1 { return .folder }
                continue
            }
            guard type == S_IFREG else {
                throw EmulatorExportError(file: path, problem: "is not a regular file (a FIFO, device or socket)")
            }
            return index == parts.count - 1 ? .file(size: Int64(status.st_size)) : .missing
        }
        return .missing
    }

    /// The files under the folder `relative` of `root`, as paths relative to it, sorted; hidden entries (such as
    /// .DS_Store) are passed over; links and special files are refused.
    static func files(in relative: String, under root: URL) throws(EmulatorExportError) -> [String] {
        var found: [String] = []
        var pending = [""]
        while let inner = pending.popLast() {
            let folder = inner.isEmpty ? relative : relative + "/" + inner
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: root.path + "/" + folder)
            } catch {
                throw EmulatorExportError(file: root.path + "/" + folder, problem: "cannot be read")
            }
            for name in names where !name.hasPrefix(".") {
                let child = inner.isEmpty ? name : inner + "/" + name
                switch try look(at: relative + "/" + child, under: root) {
                case .folder: pending.append(child)
                case .file: found.append(child)
                case .missing: continue  // removed while the folder was read
                }
            }
        }
        return found.sorted()
    }
}
