import Foundation

/// A minimal XML reader for the small documents clients send (`CompleteMultipartUpload`): elements, their text and
/// their children; the declaration, comments and processing instructions are skipped, attributes are read past and
/// not kept, and DTDs are refused. A malformed document is a `XMLTree.Problem` naming its line and column.
package struct XMLTree: Equatable {
    package var name: String
    package var text = ""
    package var children: [XMLTree] = []

    /// What is wrong with a document, and where (1-based line and column, counted in characters).
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package var message: String
        package var line: Int
        package var column: Int

        package var description: String { "line \(line), column \(column): \(message)" }
    }

    /// The children named `name`, in order.
    package func children(named name: String) -> [XMLTree] { children.filter { $0.name == name } }

    /// The text of the first child named `name`.
    package func text(of name: String) -> String? { children.first { $0.name == name }?.text }

    /// Reads one document: its root element.
    package static func parse(_ data: Data) throws(Problem) -> XMLTree {
        guard let text = String(data: data, encoding: .utf8) else {
            throw Problem(message: "the document is not UTF-8", line: 1, column: 1)
        }
        var reader = Reader(Array(text.unicodeScalars))
        return try reader.document()
    }

    /// The deepest a document may nest: deeper input is refused rather than followed.
    package static let maximumDepth = 64

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        mutating func document() throws(Problem) -> XMLTree {
            if scalars.first == "\u{FEFF}" { index = 1 }
            try skipMisc()
            guard peek == "<" else { throw problem("expected the root element") }
            let root = try element(depth: 1)
            try skipMisc()
            guard index == scalars.count else { throw problem("unexpected content after the root element") }
            return root
        }

        private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        private func starts(with text: String) -> Bool {
            var position = index
            for scalar in text.unicodeScalars {
                guard position < scalars.count, scalars[position] == scalar else { return false }
                position += 1
            }
            return true
        }

        /// Whitespace, comments and processing instructions (the declaration among them).
        private mutating func skipMisc() throws(Problem) {
            while let scalar = peek {
                if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                    index += 1
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

        private mutating func skip(past end: String) throws(Problem) {
            let start = (line: position.line, column: position.column)
            while index < scalars.count {
                if starts(with: end) {
                    index += end.unicodeScalars.count
                    return
                }
                index += 1
            }
            throw Problem(message: "unterminated markup (no \(end))", line: start.line, column: start.column)
        }

        private mutating func element(depth: Int) throws(Problem) -> XMLTree {
            guard depth <= XMLTree.maximumDepth else {
                throw problem("elements nest deeper than \(XMLTree.maximumDepth)")
            }
            index += 1  // <
            var node = XMLTree(name: try name())
            var selfClosing = false
            while true {
                skipSpace()
                guard let scalar = peek else { throw problem("unterminated start tag <\(node.name)>") }
                if scalar == ">" {
                    index += 1
                    break
                }
                if starts(with: "/>") {
                    index += 2
                    selfClosing = true
                    break
                }
                _ = try name()
                skipSpace()
                guard peek == "=" else { throw problem("expected = after an attribute name") }
                index += 1
                skipSpace()
                guard let quote = peek, quote == "\"" || quote == "'" else { throw problem("expected a quoted value") }
                index += 1
                while let inner = peek, inner != quote {
                    guard inner != "<" else { throw problem("< in an attribute value") }
                    index += 1
                }
                guard peek == quote else { throw problem("unterminated attribute value") }
                index += 1
            }
            if selfClosing { return node }
            while true {
                guard let scalar = peek else { throw problem("<\(node.name)> is never closed") }
                if starts(with: "</") {
                    let tagStart = index
                    index += 2
                    let closing = try name()
                    guard closing == node.name else {
                        index = tagStart
                        throw problem("</\(closing)> closes <\(node.name)>")
                    }
                    skipSpace()
                    guard peek == ">" else { throw problem("expected > to end </\(closing)>") }
                    index += 1
                    return node
                } else if starts(with: "<!--") {
                    try skip(past: "-->")
                } else if starts(with: "<![CDATA[") {
                    index += 9
                    while index < scalars.count, !starts(with: "]]>") {
                        node.text.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    guard starts(with: "]]>") else { throw problem("unterminated CDATA section") }
                    index += 3
                } else if starts(with: "<?") {
                    try skip(past: "?>")
                } else if scalar == "<" {
                    node.children.append(try element(depth: depth + 1))
                } else if scalar == "&" {
                    node.text.unicodeScalars.append(try entity())
                } else {
                    node.text.unicodeScalars.append(scalar)
                    index += 1
                }
            }
        }

        private mutating func name() throws(Problem) -> String {
            var name = ""
            while let scalar = peek,
                !(scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == ">" || scalar == "/"
                    || scalar == "=" || scalar == "<" || scalar == "\"" || scalar == "'")
            {
                name.unicodeScalars.append(scalar)
                index += 1
            }
            guard !name.isEmpty else { throw problem("expected a name") }
            return name
        }

        private mutating func skipSpace() {
            while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { index += 1 }
        }

        /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` and `&#xN;`.
        private mutating func entity() throws(Problem) -> Unicode.Scalar {
            let start = index
            index += 1
            var body = ""
            while let scalar = peek, scalar != ";" {
                guard body.unicodeScalars.count < 10 else { break }
                body.unicodeScalars.append(scalar)
                index += 1
            }
            guard peek == ";" else {
                index = start
                throw problem("a malformed entity")
            }
            index += 1
            switch body {
            case "amp": return "&"
            case "lt": return "<"
            case "gt": return ">"
            case "quot": return "\""
            case "apos": return "'"
            default: break
            }
            var value: UInt32?
            if body.hasPrefix("#x") {
                value = UInt32(body.dropFirst(2), radix: 16)
            } else if body.hasPrefix("#") {
                value = UInt32(body.dropFirst(), radix: 10)
            }
            guard let value, let scalar = Unicode.Scalar(value) else {
                index = start
                throw problem("an unknown entity &\(body);")
            }
            return scalar
        }

        private var position: (line: Int, column: Int) {
            var line = 1
            var column = 1
            for scalar in scalars[..<min(index, scalars.count)] {
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            return (line, column)
        }

        private func problem(_ message: String) -> Problem {
            let (line, column) = position
            return Problem(message: message, line: line, column: column)
        }
    }
}
