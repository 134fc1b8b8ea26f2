/// Names in scenarios (`as:`, `$NAME`, fields): `[A-Za-z_][A-Za-z0-9_]*`.
enum Identifier {
    static func isValid(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        guard let first = utf8.next(), isStart(first) else { return false }
        while let byte = utf8.next() {
            guard isContinuation(byte) else { return false }
        }
        return true
    }

    @inline(__always)
    static func isStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    @inline(__always)
    static func isContinuation(_ byte: UInt8) -> Bool {
        isStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }
}
