import Primitives
import YAMLReader

/// What loading scenario files produced: the decoded files, in path order, and every diagnostic.
public struct LoadResult: Sendable {
    /// Files that could be read and parsed; a scenario with an error is left out of its file.
    public var files: [ScenarioFile]
    /// Errors and warnings from finding, reading and decoding the files, and from checking ids across them.
    public var diagnostics: [Diagnostic]
    /// The warnings scenarios declare intended (`lint:`): counted, never printed.
    public var intended: [Diagnostic]
    /// What the paths loaded cover: every scenario id that starts with one of these ("" for the whole root)
    /// would have been loaded had it existed.
    public var scopes: [String] = []

    /// Whether a scenario with this id would have been loaded, had it existed.
    public func covers(_ id: String) -> Bool {
        scopes.contains { id.hasPrefix($0) }
    }

    public init(files: [ScenarioFile], diagnostics: [Diagnostic], intended: [Diagnostic] = []) {
        self.files = files
        self.diagnostics = diagnostics
        self.intended = intended
    }

    /// Whether any diagnostic is an error (the run should not start).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
