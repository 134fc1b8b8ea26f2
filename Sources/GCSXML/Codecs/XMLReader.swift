import Foundation

/// Reads the small XML documents clients send (`CompleteMultipartUpload`) in one pass over their bytes, handing each
/// start tag, end tag and piece of text to a visitor; nothing is kept but the names of the open elements.
///
/// Memory is the document itself plus at most `maximumDepth` open names of at most `maximumNameBytes` each, and text
/// comes in pieces of at most `textPieceBytes`. The declaration, comments and processing instructions are skipped,
/// attributes are read past, and DTDs are refused. Every character must be one XML 1.0 allows (`Char`), written or
/// as a reference: `&#0;` or a raw U+0001 is refused. A malformed document is a `Problem` naming its line and column
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
        try checkCharacters(data)
        let outcome: Result<Void, Problem> = data.withUnsafeBytes { raw in
            var cursor = Cursor(bytes: raw.bindMemory(to: UInt8.self))
            do throws(Problem) {
                try cursor.document(visit)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try outcome.get()
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

    /// The reading position over the document's bytes, with the line and column kept as it moves.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var line = 1
        var column = 1
        /// The names of the open elements, outermost first.
        var open: [String] = []

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        func starts(with text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            let start = text.utf8Start
            for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
            return true
        }

        mutating func advance(_ count: Int = 1) {
            for _ in 0..<count where index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
        }

        /// Hands `event` to the visitor; a problem it throws without a position (line 0) gets the current one.
        func notify(_ event: Event, _ visit: (Event) throws(Problem) -> Void) throws(Problem) {
            do {
                try visit(event)
            } catch {
                guard error.line == 0 else { throw error }
                throw problem(error.message)
            }
        }

        func problem(_ message: String) -> Problem {
            Problem(message: message, line: line, column: column)
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        mutating func skipSpace() {
            while let byte = peek, Self.isSpace(byte) { advance() }
        }

        mutating func document(_ visit: (Event) throws(Problem) -> Void) throws(Problem) {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            try skipMisc()
            guard peek == UInt8(ascii: "<") else { throw problem("expected the root element") }
            try startTag(visit)
            while !open.isEmpty { try content(visit) }
            try skipMisc()
            guard index == bytes.count else { throw problem("unexpected content after the root element") }
        }

        /// Whitespace, comments and processing instructions (the declaration among them).
        private mutating func skipMisc() throws(Problem) {
            while let byte = peek {
                if Self.isSpace(byte) {
                    advance()
                } else if starts(with: "<?") {
                    try skip(past: "?>")
                } else if starts(with: "<!--") {
                    try skip(past: "-->")
                } else if starts(with: "<!") {
                    throw problem("document type declarations are not accepted")
                } else {
                    return
                }
            }
        }

        private mutating func skip(past end: StaticString) throws(Problem) {
            let start = problem("unterminated markup (no \(end))")
            while index < bytes.count {
                if starts(with: end) {
                    advance(end.utf8CodeUnitCount)
                    return
                }
                advance()
            }
            throw start
        }

        /// One step inside the innermost open element: a tag, a comment, a CDATA section or a piece of text.
        private mutating func content(_ visit: (Event) throws(Problem) -> Void) throws(Problem) {
            guard let byte = peek else {
                throw problem("<\(XMLReader.excerpt(open.last ?? ""))> is never closed")
            }
            if starts(with: "</") {
                try endTag(visit)
            } else if starts(with: "<!--") {
                try skip(past: "-->")
            } else if starts(with: "<![CDATA[") {
                advance(9)
                let start = index
                while index < bytes.count, !starts(with: "]]>") { advance() }
                guard starts(with: "]]>") else { throw problem("unterminated CDATA section") }
                try emitText(from: start, to: index, visit)
                advance(3)
            } else if starts(with: "<?") {
                try skip(past: "?>")
            } else if byte == UInt8(ascii: "<") {
                try startTag(visit)
            } else if byte == UInt8(ascii: "&") {
                let scalar = try entity()
                try notify(.text(String(Character(scalar))), visit)
            } else {
                let start = index
                while let next = peek, next != UInt8(ascii: "<"), next != UInt8(ascii: "&") { advance() }
                try emitText(from: start, to: index, visit)
            }
        }

        /// Hands `bytes[start..<end]` to the visitor in pieces, each cut where a character starts.
        private func emitText(from start: Int, to end: Int, _ visit: (Event) throws(Problem) -> Void) throws(Problem) {
            var from = start
            while from < end {
                var to = min(end, from + XMLReader.textPieceBytes)
                while to < end, bytes[to] & 0xC0 == 0x80 { to -= 1 }
                try notify(
                    .text(String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)), visit)
                from = to
            }
        }

        private mutating func startTag(_ visit: (Event) throws(Problem) -> Void) throws(Problem) {
            guard open.count < XMLReader.maximumDepth else {
                throw problem("elements nest deeper than \(XMLReader.maximumDepth)")
            }
            advance()  // <
            let name = try self.name()
            while true {
                skipSpace()
                guard let byte = peek else { throw problem("unterminated start tag <\(XMLReader.excerpt(name))>") }
                if byte == UInt8(ascii: ">") {
                    advance()
                    open.append(name)
                    try notify(.start(name), visit)
                    return
                }
                if starts(with: "/>") {
                    advance(2)
                    try notify(.start(name), visit)
                    try notify(.end(name), visit)
                    return
                }
                _ = try self.name()
                skipSpace()
                guard peek == UInt8(ascii: "=") else { throw problem("expected = after an attribute name") }
                advance()
                skipSpace()
                guard let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                    throw problem("expected a quoted value")
                }
                advance()
                while let inner = peek, inner != quote {
                    guard inner != UInt8(ascii: "<") else { throw problem("< in an attribute value") }
                    advance()
                }
                guard peek == quote else { throw problem("unterminated attribute value") }
                advance()
            }
        }

        private mutating func endTag(_ visit: (Event) throws(Problem) -> Void) throws(Problem) {
            let tag = problem("")
            advance(2)  // </
            let closing = try name()
            guard let innermost = open.last, closing == innermost else {
                var mismatch = tag
                mismatch.message =
                    "</\(XMLReader.excerpt(closing))> closes <\(XMLReader.excerpt(open.last ?? ""))>"
                throw mismatch
            }
            skipSpace()
            guard peek == UInt8(ascii: ">") else { throw problem("expected > to end </\(XMLReader.excerpt(closing))>") }
            advance()
            open.removeLast()
            try notify(.end(closing), visit)
        }

        private mutating func name() throws(Problem) -> String {
            let start = index
            while let byte = peek, !Self.isSpace(byte), !Self.endsName(byte) {
                guard index - start < XMLReader.maximumNameBytes else {
                    throw problem("a name longer than \(XMLReader.maximumNameBytes) bytes")
                }
                advance()
            }
            guard index > start else { throw problem("expected a name") }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        private static func endsName(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: "\""),
                UInt8(ascii: "'"):
                true
            default: false
            }
        }

        /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` and `&#xN;` of an XML `Char`.
        private mutating func entity() throws(Problem) -> Unicode.Scalar {
            let here = problem("")
            var end = index + 1
            while end < bytes.count, end - index <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
                var malformed = here
                malformed.message = "a malformed entity"
                throw malformed
            }
            let body = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
            var scalar: Unicode.Scalar?
            switch body {
            case "amp": scalar = "&"
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                var value: UInt32?
                if body.hasPrefix("#x") {
                    value = UInt32(body.dropFirst(2), radix: 16)
                } else if body.hasPrefix("#") {
                    value = UInt32(body.dropFirst(), radix: 10)
                }
                scalar = value.flatMap(Unicode.Scalar.init)
                if let found = scalar, !XMLReader.isCharacter(found) {
                    var forbidden = here
                    forbidden.message = "&\(body); is not a character XML 1.0 allows"
                    throw forbidden
                }
            }
            guard let scalar else {
                var unknown = here
                unknown.message = "an unknown entity &\(body);"
                throw unknown
            }
            advance(end - index + 1)
            return scalar
        }
    }

    /// At most `limit` characters of `text`, with `…` when cut.
    package static func excerpt(_ text: String, limit: Int = 40) -> String {
        text.count <= limit ? text : text.prefix(limit) + "…"
    }
}
