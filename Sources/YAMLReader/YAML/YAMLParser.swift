import Primitives

/// Parses the YAML subset scenario files are written in (see docs/scenario-language.md §1).
///
/// The subset is YAML 1.2 that PyYAML loads to the same tree: block and flow collections; plain,
/// quoted and block scalars; comments; `---`/`...` documents. Anchors, aliases, tags, `?` keys,
/// directives, duplicate keys, tabs outside scalars and comments, and anything read differently by
/// YAML 1.1 loaders are errors. Every node keeps its line and column.
///
/// An empty stream (nothing but whitespace and comments) has zero documents; `---` alone is one
/// document whose root is null. The parser never recurses on input-controlled depth: nesting deeper
/// than `maximumNestingDepth` is an error.
public enum YAMLParser {
    /// The deepest nesting of collections a file may use.
    public static let maximumNestingDepth = 200

    /// Parses every document of the stream. Throws the first error as a `Diagnostic` (severity error).
    public static func parse(_ file: SourceFile) throws(Diagnostic) -> [YAMLDocument] {
        let result: Result<[YAMLDocument], Diagnostic> = file.bytes.withUnsafeBufferPointer { buffer in
            let start = file.hasByteOrderMark ? 3 : 0
            if let problem = InputValidator.firstProblem(in: buffer, from: start) {
                return .failure(file.diagnostic(at: file.location(ofOffset: problem.offset), problem.message))
            }
            let scanner = Scanner(file: file, text: buffer, start: start, maximumDepth: maximumNestingDepth)
            var parser = Parser(scanner: scanner, maximumDepth: maximumNestingDepth)
            do throws(Diagnostic) {
                return .success(try parser.parseStream())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses text (for tests and tools); `path` is used in messages.
    public static func parse(_ text: String, path: String = "<text>") throws(Diagnostic) -> [YAMLDocument] {
        try parse(SourceFile(path: path, text: text))
    }
}
