import YAMLReader

/// What loading scenario files produced: the decoded files, in path order, and every diagnostic.
public struct LoadResult: Sendable {
    /// Files that could be read and parsed; a scenario with an error is left out of its file.
    public var files: [ScenarioFile]
    /// Errors and warnings from finding, reading and decoding the files, and from checking ids across them.
    public var diagnostics: [Diagnostic]
    /// The warnings scenarios declare intended (`lint:`): counted, never printed.
    public var intended: [Diagnostic]

    public init(files: [ScenarioFile], diagnostics: [Diagnostic], intended: [Diagnostic] = []) {
        self.files = files
        self.diagnostics = diagnostics
        self.intended = intended
    }

    /// Whether any diagnostic is an error (the run should not start).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
