import Foundation

/// A value as a denial shows it (`6291456`, `'alice'`, `['a', 'b']`), cut to `limit` characters: a long string
/// or a token's claims are never written whole.
enum ValueText {
    /// About what a reader takes in at a glance beside the expression.
    static let limit = 60

    static func of(_ value: Value, limit: Int = limit) -> String {
        var text = BoundedText(limit: limit)
        write(value, to: &text)
        return text.text
    }

    private static func write(_ value: Value, to text: inout BoundedText) {
        guard !text.isFull else { return }
        switch value {
        case .null: text.write("null")
        case .bool(let flag): text.write(flag ? "true" : "false")
        case .int(let number): text.write(String(number))
        case .float(let number): text.write(String(number))
        case .string(let string): quoted(string, to: &text)
        case .bytes(let bytes): text.write("bytes of \(bytes.count)")
        case .path(let path):
            text.write("path(")
            quoted(path, to: &text)
            text.write(")")
        case .timestamp(let time): text.write(timestamp(time))
        case .duration(let span): text.write("duration(\(span.seconds)s \(span.nanos)ns)")
        case .mapDiff: text.write("map_diff")
        case .reference: text.write("map")
        case .list(let items): sequence(items, open: "[", close: "]", to: &text)
        case .set(let items): sequence(Array(items.prefix(limitedCount)), open: "set([", close: "])", to: &text)
        case .map(let entries):
            text.write("{")
            // Sorted for a stable line, unless there are too many to sort for a glance at the first few.
            let keys = entries.count <= limitedCount ? entries.keys.sorted() : Array(entries.keys.prefix(limitedCount))
            for (offset, key) in keys.enumerated() where !text.isFull {
                if offset > 0 { text.write(", ") }
                quoted(key, to: &text)
                text.write(": ")
                if let inner = entries[key] { write(inner, to: &text) }
            }
            text.write("}")
        }
    }

    /// Beyond this many elements a collection is shown by its first ones only (the line is cut before anyway).
    private static let limitedCount = 64

    private static func sequence(_ items: [Value], open: String, close: String, to text: inout BoundedText) {
        text.write(open)
        for (offset, item) in items.prefix(limitedCount).enumerated() where !text.isFull {
            if offset > 0 { text.write(", ") }
            write(item, to: &text)
        }
        text.write(close)
    }

    /// `'…'`, with quotes, backslashes and control characters escaped, cut by the text's limit.
    private static func quoted(_ string: String, to text: inout BoundedText) {
        text.write("'")
        for scalar in string.unicodeScalars.prefix(limit + 1) where !text.isFull {
            switch scalar {
            case "'": text.write("\\'")
            case "\\": text.write("\\\\")
            case "\n": text.write("\\n")
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                text.write("\\u{\(String(scalar.value, radix: 16))}")
            default: text.write(String(scalar))
            }
        }
        text.write("'")
    }

    private static func timestamp(_ time: Timestamp) -> String {
        let date = Date(timeIntervalSince1970: Double(time.seconds) + Double(time.nanos) / 1e9)
        return date.formatted(.iso8601)
    }
}
