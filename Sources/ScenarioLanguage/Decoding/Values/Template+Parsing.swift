import Primitives
import YAMLReader

extension Template {
    /// Reads `$NAME`, `$NAME.field.field` and `$$` in `text`.
    ///
    /// A name is `[A-Za-z_][A-Za-z0-9_]*`; each `.` followed by such a word adds a field, so `$up.jpg`
    /// reads the field `jpg` of `up` (the decoder then reports that `up` has no such field). A `$` not
    /// followed by a letter or `_` is an ordinary character (`a$`, `$1`, `50$`), and `$$` is one `$`.
    /// Adjacent literal text is joined into one part. Parsing never fails.
    public init(parsing text: String, at location: SourceLocation) {
        guard text.utf8.contains(UInt8(ascii: "$")) else {
            self = .literal(text, at: location)
            return
        }
        let bytes = Array(text.utf8)
        var parts: [Part] = []
        var literal: [UInt8] = []
        var index = 0
        func word(from start: Int) -> Int {
            var end = start + 1
            while end < bytes.count, Identifier.isContinuation(bytes[end]) { end += 1 }
            return end
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "$"), index + 1 < bytes.count else {
                literal.append(byte)
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "$") {
                literal.append(byte)
                index += 2
                continue
            }
            guard Identifier.isStart(next) else {
                literal.append(byte)
                index += 1
                continue
            }
            let nameEnd = word(from: index + 1)
            let name = String(decoding: bytes[(index + 1)..<nameEnd], as: UTF8.self)
            var fields: [String] = []
            index = nameEnd
            while index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), Identifier.isStart(bytes[index + 1]) {
                let fieldEnd = word(from: index + 1)
                fields.append(String(decoding: bytes[(index + 1)..<fieldEnd], as: UTF8.self))
                index = fieldEnd
            }
            if !literal.isEmpty {
                parts.append(.literal(String(decoding: literal, as: UTF8.self)))
                literal.removeAll(keepingCapacity: true)
            }
            parts.append(.variable(name, fields: fields))
        }
        if !literal.isEmpty { parts.append(.literal(String(decoding: literal, as: UTF8.self))) }
        self.init(parts: parts, location: location)
    }
}
