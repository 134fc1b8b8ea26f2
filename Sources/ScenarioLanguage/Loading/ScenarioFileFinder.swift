import Foundation
import Primitives
import YAMLReader

/// Finds the `.yaml` files under one path given to a run and names them relative to their scenario root
/// (see `ScenarioLoader`).
enum ScenarioFileFinder {
    /// A scenario file: its path for messages, its absolute path, its name under the root without `.yaml`.
    struct Found {
        var path: String
        var absolutePath: String
        var name: String
    }

    static let rootFolderName = "Scenarios"
    /// Folders a walk never enters: expectations manifests live in `Scenarios/expectations`.
    static let manifestFolderName = "expectations"

    /// A diagnostic about a path as a whole (no line to point at).
    static func problem(_ path: String, _ message: String, severity: Diagnostic.Severity = .error) -> Diagnostic {
        Diagnostic(
            severity: severity, file: path, location: SourceLocation(line: 1, column: 1, offset: 0), message: message,
            sourceLine: "")
    }

    /// The absolute path with `.`, `..` and symbolic links resolved.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    static func find(_ path: String, explicitRoot: String?, diagnostics: inout [Diagnostic]) -> [Found] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            diagnostics.append(problem(path, "no such file or folder"))
            return []
        }
        let absolutePath = absolute(path)
        if !isFolder.boolValue {
            guard path.hasSuffix(".yaml") else {
                let hint = path.hasSuffix(".yml") ? " (rename it to .yaml)" : ""
                diagnostics.append(problem(path, "not a scenario file: scenario files end in .yaml\(hint)"))
                return []
            }
            let folder = (absolutePath as NSString).deletingLastPathComponent
            let root = explicitRoot ?? enclosingRoot(of: folder) ?? folder
            return named(path: path, absolutePath: absolutePath, root: root, diagnostics: &diagnostics).map { [$0] }
                ?? []
        }
        let root = explicitRoot ?? enclosingRoot(of: absolutePath) ?? absolutePath
        var relatives: [String] = []
        var visited: Set<String> = [absolutePath]
        walk(path, relative: "", visited: &visited, into: &relatives, diagnostics: &diagnostics)
        if relatives.isEmpty {
            diagnostics.append(problem(path, "no .yaml scenario files in this folder", severity: .warning))
        }
        return relatives.compactMap { relative in
            named(
                path: join(path, relative), absolutePath: join(absolutePath, relative), root: root,
                diagnostics: &diagnostics)
        }
    }

    /// The start of every scenario id a path given to a run covers: "" for the scenario root, `area/` for a
    /// folder under it, `area/file/` for a file; nil for a path that is not there or not under its root.
    static func scope(of path: String, explicitRoot: String?) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        let absolutePath = absolute(path)
        let root: String
        var covered: String
        if isFolder.boolValue {
            root = explicitRoot ?? enclosingRoot(of: absolutePath) ?? absolutePath
            covered = absolutePath
        } else {
            guard path.hasSuffix(".yaml") else { return nil }
            let folder = (absolutePath as NSString).deletingLastPathComponent
            root = explicitRoot ?? enclosingRoot(of: folder) ?? folder
            covered = String(absolutePath.dropLast(".yaml".count))
        }
        if covered.hasSuffix("/") { covered.removeLast() }
        let rootPath = root.hasSuffix("/") ? String(root.dropLast()) : root
        if covered == rootPath { return "" }
        guard covered.hasPrefix(rootPath + "/") else { return nil }
        return String(covered.dropFirst(rootPath.count + 1)) + "/"
    }

    /// The nearest folder named `Scenarios` at or above `folder`.
    private static func enclosingRoot(of folder: String) -> String? {
        var current = folder
        while true {
            if (current as NSString).lastPathComponent == rootFolderName { return current }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { return nil }
            current = parent
        }
    }

    private static func named(path: String, absolutePath: String, root: String, diagnostics: inout [Diagnostic])
        -> Found?
    {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard absolutePath.hasPrefix(prefix) else {
            diagnostics.append(problem(path, "the file is not under the scenario root \(root)"))
            return nil
        }
        let relative = String(absolutePath.dropFirst(prefix.count).dropLast(".yaml".count))
        return Found(path: path, absolutePath: absolutePath, name: relative)
    }

    /// Collects `.yaml` files under `folder` (relative paths, in no particular order).
    private static func walk(
        _ folder: String, relative: String, visited: inout Set<String>, into files: inout [String],
        diagnostics: inout [Diagnostic]
    ) {
        let path = join(folder, relative)
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            diagnostics.append(problem(path, "cannot read the folder (\(error.localizedDescription))"))
            return
        }
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let entryRelative = join(relative, entry)
            let entryPath = join(folder, entryRelative)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: entryPath, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                guard entry != manifestFolderName, visited.insert(absolute(entryPath)).inserted else { continue }
                walk(folder, relative: entryRelative, visited: &visited, into: &files, diagnostics: &diagnostics)
            } else if entry.hasSuffix(".yaml") {
                files.append(entryRelative)
            } else if entry.hasSuffix(".yml") {
                diagnostics.append(
                    problem(entryPath, "ignored: scenario files end in .yaml (rename it)", severity: .warning))
            }
        }
    }

    private static func join(_ base: String, _ relative: String) -> String {
        if relative.isEmpty { return base }
        if base.isEmpty { return relative }
        return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }
}
