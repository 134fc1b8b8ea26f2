import Primitives

/// A position in a byte string, for hand-written matchers of small regular languages.
struct ByteCursor {
    let text: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ text: UnsafeBufferPointer<UInt8>) {
        self.text = text
    }

    var atEnd: Bool { index >= text.count }

    var current: UInt8? { index < text.count ? text[index] : nil }

    /// Consumes `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    /// Consumes the next byte if it satisfies `predicate`.
    mutating func take(where predicate: (UInt8) -> Bool) -> Bool {
        guard let byte = current, predicate(byte) else { return false }
        index += 1
        return true
    }

    /// Consumes bytes while they satisfy `predicate`, up to `limit`; returns how many.
    @discardableResult
    mutating func skip(upTo limit: Int = .max, while predicate: (UInt8) -> Bool) -> Int {
        var count = 0
        while count < limit, let byte = current, predicate(byte) {
            index += 1
            count += 1
        }
        return count
    }

    /// Consumes an optional `+` or `-`.
    mutating func skipSign() {
        _ = take(ASCII.plus) || take(ASCII.minus)
    }

    /// Consumes `literal` if the remaining text starts with it.
    mutating func take(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard index + length <= text.count else { return false }
        let bytes = literal.utf8Start
        for offset in 0..<length where text[index + offset] != bytes[offset] {
            return false
        }
        index += length
        return true
    }
}
