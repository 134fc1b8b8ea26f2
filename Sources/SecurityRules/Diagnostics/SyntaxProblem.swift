/// An error found while reading or checking a file, before it is tied to the file's name and text.
struct SyntaxProblem: Error, Sendable {
    var message: String
    var position: SourcePosition

    init(_ message: String, at position: SourcePosition) {
        self.message = message
        self.position = position
    }
}
