import Primitives
import Testing
import YAMLReader

/// The single document of `text`, rendered with `Render.tree`.
func tree(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
    let documents = try YAMLParser.parse(text)
    try #require(documents.count == 1, "expected one document, got \(documents.count)", sourceLocation: sourceLocation)
    return Render.tree(documents[0].root)
}

/// Every document of `text`, rendered.
func trees(_ text: String) throws -> [String] {
    try YAMLParser.parse(text).map { Render.tree($0.root) }
}

/// The root node of the single document of `text`.
func root(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> YAMLNode {
    let documents = try YAMLParser.parse(text)
    try #require(documents.count == 1, "expected one document, got \(documents.count)", sourceLocation: sourceLocation)
    return documents[0].root
}

/// The error `text` is rejected with, or `nil` if it parses.
func parseError(_ text: String) -> Diagnostic? {
    parseError(bytes: Array(text.utf8))
}

func parseError(bytes: [UInt8]) -> Diagnostic? {
    do {
        _ = try YAMLParser.parse(SourceFile(path: "test.yaml", bytes: bytes))
        return nil
    } catch {
        return error
    }
}
