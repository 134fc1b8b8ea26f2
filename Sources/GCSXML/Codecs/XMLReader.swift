import Foundation

/// Reads the small XML documents clients send (`CompleteMultipartUpload`) in one pass over their bytes, handing each
/// start tag, end tag and piece of text to a visitor (`XMLCursor`); nothing is kept but the names of the open elements
/// and the attribute names of the tag being read.
///
/// Memory is the document itself plus at most `maximumDepth` open names of at most `maximumNameBytes` each, and text
/// comes in pieces of at most `textPieceBytes`. The declaration, comments and processing instructions are skipped,
/// attributes are read past, and DTDs are refused. Every character must be one XML 1.0 allows (`Char`), written or
/// as a reference: `&#0;` or a raw U+0001 is refused. A document that is not well-formed XML 1.0 is refused (names,
/// attributes, references, comments and processing instructions as the specification writes them; non-ASCII name
/// characters are taken as they come). A malformed document is a `Problem` naming its line and column
/// and quoting at most a short excerpt of what it read.
package enum XMLReader {
    package enum Event: Equatable {
        case start(String)
        case end(String)
        /// Character data, entities resolved; one run of text may come in several pieces.
        case text(String)
    }

    /// What is wrong with a document, and where (1-based line and column, counted in characters).
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package var message: String
        package var line: Int
        package var column: Int

        package var description: String { "line \(line), column \(column): \(message)" }
    }

    /// The deepest a document may nest: deeper input is refused rather than followed.
    package static let maximumDepth = 64
    /// The longest element or attribute name, in bytes.
    package static let maximumNameBytes = 256
    /// The largest piece of text handed to the visitor at once.
    package static let textPieceBytes = 4096

    /// Reads `data`, a whole document, calling `visit` for each event in order; a problem the visitor throws
    /// stops the reading and is thrown, placed at the event when it says line 0.
    package static func read(_ data: Data, _ visit: (Event) throws(Problem) -> Void) throws(Problem) {
        var steps = 0
        try read(data, steps: &steps, visit)
    }

    /// `read(_:_:)`, adding to `steps` the reader's work: one for each byte it looks at or moves past and each event
    /// it hands on, which stays linear in the size of the document whatever it holds (the fuzz tests assert it).
    package static func read(
        _ data: Data, steps: inout Int, _ visit: (Event) throws(Problem) -> Void
    ) throws(Problem) {
        steps += data.count
        try checkCharacters(data)
        let outcome: (Result<Void, Problem>, Int) = data.withUnsafeBytes { raw in
            var cursor = XMLCursor(bytes: raw.bindMemory(to: UInt8.self))
            do throws(Problem) {
                try cursor.document(visit)
                return (.success(()), cursor.steps)
            } catch {
                return (.failure(error), cursor.steps)
            }
        }
        steps += outcome.1
        try outcome.0.get()
    }

    /// Whether `scalar` is an XML 1.0 `Char`: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
    package static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00...0x1F, 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    /// The whole document is UTF-8 of `Char`s: a pass that keeps nothing.
    private static func checkCharacters(_ data: Data) throws(Problem) {
        var line = 1
        var column = 1
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                guard isCharacter(scalar) else {
                    let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
                    throw Problem(
                        message: "a character XML 1.0 does not allow (\(code))", line: line, column: column)
                }
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return
            case .error:
                throw Problem(message: "the document is not UTF-8", line: line, column: column)
            }
        }
    }

    /// At most `limit` characters of `text`, with `…` when cut.
    package static func excerpt(_ text: String, limit: Int = 40) -> String {
        text.count <= limit ? text : text.prefix(limit) + "…"
    }
}
