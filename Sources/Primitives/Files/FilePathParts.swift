/// A file path split at its last `/`, by plain string rules.
///
/// Foundation's `NSString.deletingLastPathComponent` traps on some inputs with this toolchain (a one-letter
/// path such as `r`), and a report path must never crash the run after every scenario has finished.
struct FilePathParts: Equatable {
    /// The folder part, without a trailing `/` (except the root `/`); empty when the path has no `/`.
    var directory: String
    /// What follows the last `/`.
    var fileName: String

    init(_ path: String) {
        guard let slash = path.lastIndex(of: "/") else {
            directory = ""
            fileName = path
            return
        }
        fileName = String(path[path.index(after: slash)...])
        var folder = path[..<slash]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        directory = folder.isEmpty ? "/" : String(folder)
    }

    /// Every folder from the outermost to `directory` itself: `a/b/c` → `a`, `a/b`, `a/b/c`.
    var folderChain: [String] {
        var chain: [String] = []
        var current = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            current += (current.isEmpty || current == "/" ? "" : "/") + component
            chain.append(current)
        }
        return chain
    }

    /// What to put before a sibling's name: `directory/`, `/` at the root, nothing without a folder.
    var siblingPrefix: String {
        directory.isEmpty ? "" : directory == "/" ? "/" : directory + "/"
    }
}
