/// `XMLReader`'s position over a document's bytes, with the line and column kept as it moves, and the grammar of
/// XML 1.0 it reads (without DTDs). Every loop moves forward or looks a bounded distance ahead; `steps` counts it.
struct XMLCursor {
    typealias Problem = XMLReader.Problem
    typealias Visit = (XMLReader.Event) throws(Problem) -> Void

    let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    private var column = 1
    /// The names of the open elements, outermost first.
    private var open: [String] = []
    /// Bytes moved past or looked at, and events handed on.
    private(set) var steps = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func document(_ visit: Visit) throws(Problem) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        let prologStart = index
        try skipMisc(declarationAt: prologStart)
        guard peek == UInt8(ascii: "<") else { throw problem("expected the root element") }
        try startTag(visit)
        while !open.isEmpty { try content(visit) }
        try skipMisc(declarationAt: nil)
        guard index == bytes.count else { throw problem("unexpected content after the root element") }
    }

    // MARK: Moving

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        steps += 1
        guard bytes.count - index >= count else { return false }
        let start = text.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
        return true
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
            steps += 1
        }
    }

    /// Moves past whitespace; whether there was any.
    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = index
        while let byte = peek, Self.isSpace(byte) { advance() }
        return index > start
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Hands `event` to the visitor; a problem it throws without a position (line 0) gets the current one.
    private mutating func notify(_ event: XMLReader.Event, _ visit: Visit) throws(Problem) {
        steps += 1
        do {
            try visit(event)
        } catch {
            guard error.line == 0 else { throw error }
            throw problem(error.message)
        }
    }

    private func problem(_ message: String) -> Problem {
        Problem(message: message, line: line, column: column)
    }

    // MARK: Markup outside and inside elements

    /// Whitespace, comments and processing instructions; the XML declaration only at `declarationAt`.
    private mutating func skipMisc(declarationAt declaration: Int?) throws(Problem) {
        while let byte = peek {
            if Self.isSpace(byte) {
                advance()
            } else if starts(with: "<?") {
                try processingInstruction(isDeclaration: index == declaration)
            } else if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<!") {
                throw problem("document type declarations are not accepted")
            } else {
                return
            }
        }
    }

    /// `<!-- … -->`, holding no `--`.
    private mutating func comment() throws(Problem) {
        let start = problem("unterminated comment (no -->)")
        advance(4)
        while index < bytes.count {
            if starts(with: "-->") {
                advance(3)
                return
            }
            if starts(with: "--") { throw problem("-- inside a comment") }
            advance()
        }
        throw start
    }

    /// `<?target …?>`; the target `xml` (any case) is the declaration, allowed only where `isDeclaration` says.
    private mutating func processingInstruction(isDeclaration: Bool) throws(Problem) {
        let start = problem("unterminated processing instruction (no ?>)")
        advance(2)
        let target = try name()
        if target.lowercased() == "xml", !isDeclaration {
            throw problem("an XML declaration that is not at the start of the document")
        }
        guard skipSpace() || starts(with: "?>") else { throw problem("expected a space after <?\(target)") }
        while index < bytes.count {
            if starts(with: "?>") {
                advance(2)
                return
            }
            advance()
        }
        throw start
    }

    /// One step inside the innermost open element: a tag, a comment, a CDATA section or a piece of text.
    private mutating func content(_ visit: Visit) throws(Problem) {
        guard let byte = peek else {
            throw problem("<\(XMLReader.excerpt(open.last ?? ""))> is never closed")
        }
        if starts(with: "</") {
            try endTag(visit)
        } else if starts(with: "<!--") {
            try comment()
        } else if starts(with: "<![CDATA[") {
            advance(9)
            let start = index
            while index < bytes.count, !starts(with: "]]>") { advance() }
            guard starts(with: "]]>") else { throw problem("unterminated CDATA section") }
            try emitText(from: start, to: index, visit)
            advance(3)
        } else if starts(with: "<?") {
            try processingInstruction(isDeclaration: false)
        } else if byte == UInt8(ascii: "<") {
            try startTag(visit)
        } else if byte == UInt8(ascii: "&") {
            let scalar = try reference()
            try notify(.text(String(Character(scalar))), visit)
        } else {
            let start = index
            while let next = peek, next != UInt8(ascii: "<"), next != UInt8(ascii: "&") {
                if next == UInt8(ascii: "]"), starts(with: "]]>") { throw problem("]]> in text") }
                advance()
            }
            try emitText(from: start, to: index, visit)
        }
    }

    /// Hands `bytes[start..<end]` to the visitor in pieces, each cut where a character starts.
    private mutating func emitText(from start: Int, to end: Int, _ visit: Visit) throws(Problem) {
        var from = start
        while from < end {
            var to = min(end, from + XMLReader.textPieceBytes)
            while to < end, bytes[to] & 0xC0 == 0x80 { to -= 1 }
            try notify(.text(String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)), visit)
            from = to
        }
    }

    // MARK: Tags

    private mutating func startTag(_ visit: Visit) throws(Problem) {
        guard open.count < XMLReader.maximumDepth else {
            throw problem("elements nest deeper than \(XMLReader.maximumDepth)")
        }
        advance()  // <
        let name = try self.name()
        var attributes: Set<String> = []
        while true {
            let spaced = skipSpace()
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
            guard spaced else { throw problem("expected a space before an attribute") }
            let attribute = try self.name()
            guard attributes.insert(attribute).inserted else {
                throw problem("attribute \(XMLReader.excerpt(attribute)) given twice")
            }
            try attributeValue()
        }
    }

    /// `= "value"` or `= 'value'`, holding no `<` and only well-formed references.
    private mutating func attributeValue() throws(Problem) {
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
            if inner == UInt8(ascii: "&") {
                _ = try reference()
            } else {
                advance()
            }
        }
        guard peek == quote else { throw problem("unterminated attribute value") }
        advance()
    }

    private mutating func endTag(_ visit: Visit) throws(Problem) {
        let tag = problem("")
        advance(2)  // </
        let closing = try name()
        guard let innermost = open.last, closing == innermost else {
            var mismatch = tag
            mismatch.message = "</\(XMLReader.excerpt(closing))> closes <\(XMLReader.excerpt(open.last ?? ""))>"
            throw mismatch
        }
        skipSpace()
        guard peek == UInt8(ascii: ">") else { throw problem("expected > to end </\(XMLReader.excerpt(closing))>") }
        advance()
        open.removeLast()
        try notify(.end(closing), visit)
    }

    /// An XML `Name`: ASCII characters as the specification allows them, other characters taken as they come.
    private mutating func name() throws(Problem) -> String {
        let start = index
        while let byte = peek, index == start ? Self.startsName(byte) : Self.continuesName(byte) {
            guard index - start < XMLReader.maximumNameBytes else {
                throw problem("a name longer than \(XMLReader.maximumNameBytes) bytes")
            }
            advance()
        }
        guard index > start else { throw problem("expected a name") }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private static func startsName(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: ":"), 0x80...:
            true
        default: false
        }
    }

    private static func continuesName(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): true
        default: startsName(byte)
        }
    }

    // MARK: References

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` and `&#xN;` of an XML `Char`.
    private mutating func reference() throws(Problem) -> Unicode.Scalar {
        let here = problem("")
        var end = index + 1
        while end < bytes.count, end - index <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
        steps += end - index
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
            scalar = Self.characterReference(body).flatMap(Unicode.Scalar.init)
            if let found = scalar, !XMLReader.isCharacter(found) {
                var forbidden = here
                forbidden.message = "&\(body); is not a character XML 1.0 allows"
                throw forbidden
            }
        }
        guard let scalar else {
            var unknown = here
            unknown.message = "an unknown entity &\(XMLReader.excerpt(body));"
            throw unknown
        }
        advance(end - index + 1)
        return scalar
    }

    /// The value of `#123` or `#x7B`: digits only, no sign.
    private static func characterReference(_ body: String) -> UInt32? {
        let (digits, radix) = body.hasPrefix("#x") ? (body.dropFirst(2), 16) : (body.dropFirst(), 10)
        guard body.hasPrefix("#"), !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit && (radix == 16 || $0.isNumber) })
        else { return nil }
        return UInt32(digits, radix: radix)
    }
}
