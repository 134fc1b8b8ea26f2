import Foundation
import Primitives
import YAMLReader

/// Finds scenario files under the paths given to a run, decodes them and checks that scenario ids are
/// unique across files.
///
/// Each path is a `.yaml` file or a folder searched recursively for `.yaml` files (entries whose name
/// starts with `.` are skipped; a `.yml` file found there gets a warning). A missing path, an unreadable
/// file or folder, or a file given by name that does not end in `.yaml` is an error naming it. The same
/// file reached twice (a folder and a file in it) is loaded once. Files are returned sorted by path.
///
/// The scenario root, which file names (and so ids) are relative to, is `root` when given; otherwise the
/// nearest enclosing folder named `Scenarios` (the path itself included); otherwise the folder given, or
/// a file's own folder.
public struct ScenarioLoader: Sendable {
    /// The folder scenario file names are relative to; nil: worked out per path (see the type).
    public var root: String?

    public init(root: String? = nil) {
        self.root = root
    }

    /// Loads every scenario file under `paths`.
    public func load(_ paths: [String]) -> LoadResult {
        var diagnostics: [Diagnostic] = []
        var found: [ScenarioFileFinder.Found] = []
        if let root {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
                return LoadResult(
                    files: [], diagnostics: [ScenarioFileFinder.problem(root, "the scenario root is not a folder")])
            }
        }
        let explicitRoot = root.map(ScenarioFileFinder.absolute)
        var scopes: [String] = []
        for path in paths {
            found += ScenarioFileFinder.find(path, explicitRoot: explicitRoot, diagnostics: &diagnostics)
            if let scope = ScenarioFileFinder.scope(of: path, explicitRoot: explicitRoot) { scopes.append(scope) }
        }
        var seen = Set<String>()
        found = found.filter { seen.insert($0.absolutePath).inserted }
        found.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }

        var files: [ScenarioFile] = []
        var sources: [String: SourceFile] = [:]
        var intended: [Diagnostic] = []
        var firstByID: [String: (file: String, location: SourceLocation)] = [:]
        for entry in found {
            guard let source = read(entry, diagnostics: &diagnostics) else { continue }
            let (decoded, fileDiagnostics, fileIntended) = ScenarioDecoder.decodeCountingIntended(
                source, name: entry.name)
            diagnostics += fileDiagnostics
            intended += fileIntended
            sources[source.path] = source
            guard var file = decoded else { continue }
            file.scenarios.removeAll { scenario in
                if let first = firstByID[scenario.id] {
                    diagnostics.append(
                        source.diagnostic(
                            at: scenario.location,
                            "duplicate scenario id \(scenario.id) (first defined at \(first.file):\(first.location.line):\(first.location.column))"
                        ))
                    return true
                }
                firstByID[scenario.id] = (source.path, scenario.location)
                return false
            }
            files.append(file)
        }
        let (tagWarnings, intendedTags) = TagSpellingLint.check(files, sources: sources)
        diagnostics += tagWarnings
        intended += intendedTags
        var result = LoadResult(files: files, diagnostics: diagnostics, intended: intended)
        result.scopes = scopes
        return result
    }

    private func read(_ entry: ScenarioFileFinder.Found, diagnostics: inout [Diagnostic]) -> SourceFile? {
        // A FIFO or device would block or never end: only regular files are read.
        let type =
            (try? FileManager.default.attributesOfItem(atPath: ScenarioFileFinder.absolute(entry.path)))?[.type]
            as? FileAttributeType
        guard type == .typeRegular else {
            diagnostics.append(ScenarioFileFinder.problem(entry.path, "cannot read the file (not a regular file)"))
            return nil
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: entry.path), options: .mappedIfSafe)
            return SourceFile(path: entry.path, bytes: [UInt8](data))
        } catch {
            diagnostics.append(
                ScenarioFileFinder.problem(entry.path, "cannot read the file (\(error.localizedDescription))"))
            return nil
        }
    }
}
