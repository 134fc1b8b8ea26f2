import YAMLReader

/// What loading scenario files produced: the decoded files, in path order, and every diagnostic.
public struct LoadResult: Sendable {
    /// Files that could be read and parsed; a scenario with an error is left out of its file.
    public var files: [ScenarioFile]
    /// Errors and warnings from finding, reading and decoding the files, and from checking ids across them.
    public var diagnostics: [Diagnostic]

    public init(files: [ScenarioFile], diagnostics: [Diagnostic]) {
        self.files = files
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic is an error (the run should not start).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
