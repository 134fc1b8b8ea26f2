/// A small, strict XML reader for checking the reports' structure in tests without FoundationXML.
/// It accepts the subset the reports use (declaration, elements, attributes, text, the five
/// predefined entities and character references) and rejects anything malformed, including
/// characters XML 1.0 forbids, raw or as references.
struct ParsedElement: Equatable {
    var name: String
    /// Attributes in document order, values after entity decoding and attribute normalisation.
    var attributes: [(name: String, value: String)]
    var children: [ParsedElement]
    /// The element's own character data (children's text not included).
    var text: String

    subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    func children(named name: String) -> [ParsedElement] {
        children.filter { $0.name == name }
    }

    static func == (lhs: ParsedElement, rhs: ParsedElement) -> Bool {
        lhs.name == rhs.name && lhs.text == rhs.text && lhs.children == rhs.children
            && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
            && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
    }
}

struct MiniXMLError: Error, CustomStringConvertible {
    var description: String
}

enum MiniXML {
    static func parse(_ document: String) throws -> ParsedElement {
        var reader = Reader(scalars: Array(document.unicodeScalars))
        try reader.skipDeclaration()
        reader.skipWhitespace()
        let root = try reader.element()
        reader.skipWhitespace()
        guard reader.atEnd else { throw reader.error("content after the root element") }
        return root
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        var atEnd: Bool { index >= scalars.count }

        func error(_ message: String) -> MiniXMLError {
            MiniXMLError(description: "\(message) at scalar \(index)")
        }

        func peek(_ text: String) -> Bool {
            var position = index
            for wanted in text.unicodeScalars {
                guard position < scalars.count, scalars[position] == wanted else { return false }
                position += 1
            }
            return true
        }

        mutating func expect(_ text: String) throws {
            guard peek(text) else { throw error("expected '\(text)'") }
            index += text.unicodeScalars.count
        }

        mutating func skipWhitespace() {
            while !atEnd, [" ", "\n", "\t", "\r"].contains(scalars[index]) { index += 1 }
        }

        mutating func skipDeclaration() throws {
            guard peek("<?xml") else { return }
            while !atEnd, !peek("?>") { index += 1 }
            try expect("?>")
        }

        mutating func name() throws -> String {
            var result = String.UnicodeScalarView()
            while !atEnd,
                scalars[index].properties.isAlphabetic || "-_.:0123456789".unicodeScalars.contains(scalars[index])
            {
                result.append(scalars[index])
                index += 1
            }
            guard !result.isEmpty else { throw error("expected a name") }
            return String(result)
        }

        mutating func element() throws -> ParsedElement {
            try expect("<")
            var element = ParsedElement(name: try name(), attributes: [], children: [], text: "")
            while true {
                skipWhitespace()
                if peek("/>") {
                    index += 2
                    return element
                }
                if peek(">") {
                    index += 1
                    break
                }
                let attributeName = try name()
                guard !element.attributes.contains(where: { $0.name == attributeName }) else {
                    throw error("duplicate attribute \(attributeName)")
                }
                skipWhitespace()
                try expect("=")
                skipWhitespace()
                element.attributes.append((attributeName, try attributeValue()))
            }
            var text = String.UnicodeScalarView()
            while true {
                guard !atEnd else { throw error("unclosed <\(element.name)>") }
                if peek("</") {
                    index += 2
                    let closing = try name()
                    guard closing == element.name else { throw error("</\(closing)> closes <\(element.name)>") }
                    skipWhitespace()
                    try expect(">")
                    element.text = String(text)
                    return element
                }
                if scalars[index] == "<" {
                    element.children.append(try self.element())
                } else {
                    text.append(try character(inAttribute: false))
                }
            }
        }

        mutating func attributeValue() throws -> String {
            guard !atEnd, scalars[index] == "\"" || scalars[index] == "'" else { throw error("expected a quote") }
            let quote = scalars[index]
            index += 1
            var value = String.UnicodeScalarView()
            while true {
                guard !atEnd else { throw error("unterminated attribute") }
                if scalars[index] == quote {
                    index += 1
                    return String(value)
                }
                guard scalars[index] != "<" else { throw error("'<' in an attribute") }
                value.append(try character(inAttribute: true))
            }
        }

        /// One character of content, with references decoded and attribute whitespace normalised.
        mutating func character(inAttribute: Bool) throws -> Unicode.Scalar {
            let scalar = scalars[index]
            guard Self.isLegal(scalar) else { throw error("illegal character U+\(String(scalar.value, radix: 16))") }
            if scalar == "&" {
                return try reference()
            }
            if !inAttribute, scalar == "]", peek("]]>") { throw error("']]>' in text") }
            index += 1
            if inAttribute, scalar == "\n" || scalar == "\t" || scalar == "\r" { return " " }
            if scalar == "\r" {
                if !atEnd, scalars[index] == "\n" { index += 1 }
                return "\n"
            }
            return scalar
        }

        mutating func reference() throws -> Unicode.Scalar {
            try expect("&")
            var body = ""
            while !atEnd, scalars[index] != ";" {
                body.unicodeScalars.append(scalars[index])
                index += 1
                guard body.count < 12 else { throw error("unterminated reference") }
            }
            try expect(";")
            switch body {
            case "amp": return "&"
            case "lt": return "<"
            case "gt": return ">"
            case "quot": return "\""
            case "apos": return "'"
            default:
                let value: UInt32?
                if body.hasPrefix("#x") {
                    value = UInt32(body.dropFirst(2), radix: 16)
                } else if body.hasPrefix("#") {
                    value = UInt32(body.dropFirst(1))
                } else {
                    throw error("unknown entity &\(body);")
                }
                guard let value, let scalar = Unicode.Scalar(value), Self.isLegal(scalar) else {
                    throw error("illegal character reference &\(body);")
                }
                return scalar
            }
        }

        static func isLegal(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: true
            case 0x00...0x1F, 0xFFFE, 0xFFFF: false
            default: true
            }
        }
    }
}
