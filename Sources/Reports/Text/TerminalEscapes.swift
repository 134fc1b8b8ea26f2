/// Removes terminal control sequences (ANSI/ECMA-48) from text that reports show or store.
///
/// Recognised and dropped: CSI (`ESC [ … final`, e.g. colours `ESC[31m`, `ESC[2K`), OSC and the
/// other string sequences (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _`, ended by BEL or `ESC \`),
/// character-set designations (`ESC ( B`) and two-character escapes (`ESC 7`, `ESC c`).
/// `ESC` then a space is not treated as a sequence, so a stray `ESC` before a word stays visible.
/// An `ESC` that does not start a complete sequence is kept, so that a later step can show it;
/// an unterminated sequence never swallows the text after it.
enum TerminalEscapes {
    private static let escape: Unicode.Scalar = "\u{1B}"
    private static let bell: Unicode.Scalar = "\u{07}"

    static func strip(_ text: String) -> String {
        guard text.unicodeScalars.contains(escape) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        result.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            if scalars[index] == escape, let end = sequenceEnd(in: scalars, from: index) {
                index = end
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    /// The index just past the escape sequence starting at `start` (an `ESC`), or nil when no
    /// complete sequence starts there.
    private static func sequenceEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let next = start + 1
        guard next < scalars.count else { return nil }
        switch scalars[next].value {
        case 0x5B:  // [
            return controlSequenceEnd(in: scalars, from: next + 1)
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // ] P X ^ _
            return stringSequenceEnd(in: scalars, from: next + 1)
        case 0x21...0x2F:
            var index = next
            while index < scalars.count, (0x21...0x2F).contains(scalars[index].value) { index += 1 }
            guard index < scalars.count, (0x30...0x7E).contains(scalars[index].value) else { return nil }
            return index + 1
        case 0x30...0x7E:
            return next + 1
        default:
            return nil
        }
    }

    /// Parameters 0x30–0x3F, intermediates 0x20–0x2F, then one final byte 0x40–0x7E.
    private static func controlSequenceEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index < scalars.count, (0x30...0x3F).contains(scalars[index].value) { index += 1 }
        while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
        guard index < scalars.count, (0x40...0x7E).contains(scalars[index].value) else { return nil }
        return index + 1
    }

    /// Runs to BEL or to the string terminator `ESC \`.
    private static func stringSequenceEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index < scalars.count {
            if scalars[index] == bell { return index + 1 }
            if scalars[index] == escape {
                guard index + 1 < scalars.count, scalars[index + 1] == "\\" else { return nil }
                return index + 2
            }
            index += 1
        }
        return nil
    }
}
