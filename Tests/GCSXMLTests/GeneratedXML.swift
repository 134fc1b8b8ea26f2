import GCSXML
import TestSupport

/// A random well-formed XML document (declaration, comments, processing instructions, attributes, references,
/// CDATA, nesting) with the events `XMLReader` must give for it, runs of text joined.
struct GeneratedXML {
    /// Everything before the root element's `>`: the prolog and `<name attributes`.
    private var head = ""
    /// What the root element holds.
    private var body = ""
    private var rootName = ""
    private(set) var events: [XMLReader.Event] = []

    static let names = ["a", "Part", "x-y", "ns:b", "_q", "é", "n.1", "ETag", "A0"]
    /// Written form and the text it stands for.
    static let textPieces: [(String, String)] = [
        ("x", "x"), (" ", " "), ("é", "é"), ("\n", "\n"), ("\t", "\t"), ("🙂", "🙂"), ("1", "1"), ("]", "]"),
        ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&#65;", "A"),
        ("&#x1F600;", "😀"), ("&#13;", "\r"), ("&#x5D;&#x5D;&gt;", "]]>"), ("&#0065;", "A"),
    ]
    static let attributePieces = ["x", " ", "&amp;", "&#65;", ">", "'", "é", "&lt;"]
    static let cdataPieces = ["x", "<", "&", "]", " ", "é"]
    static let commentPieces = ["x", " ", "- ", "é", "<", "&"]

    init(using random: inout SplitMix64) {
        if Bool.random(using: &random) { head += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" }
        head += misc(using: &random)
        rootName = Self.names.randomElement(using: &random) ?? "a"
        head += "<" + rootName + attributes(using: &random)
        events.append(.start(rootName))
        body = children(depth: 1, using: &random)
        events.append(.end(rootName))
    }

    /// The document.
    var text: String { head + (body.isEmpty ? "/>" : ">" + body + "</" + rootName + ">") }

    /// The document with `piece` written at the end of the root element's content.
    func text(insertingBeforeTheRootEnds piece: String) -> String {
        head + ">" + body + piece + "</" + rootName + ">"
    }

    private func pick(_ pieces: [String], _ range: ClosedRange<Int>, using random: inout SplitMix64) -> String {
        (0..<Int.random(in: range, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }

    private func misc(using random: inout SplitMix64) -> String {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: "<!--" + pick(Self.commentPieces, 0...5, using: &random) + "-->"
        case 1: "<?pi " + pick(["x", " ", "=", "'v'"], 0...4, using: &random) + "?>"
        case 2: "\n "
        default: ""
        }
    }

    private func attributes(using random: inout SplitMix64) -> String {
        let names = Self.names.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random))
        return names.map { name in
            let quote = Bool.random(using: &random) ? "\"" : "'"
            let value = pick(Self.attributePieces.filter { $0 != quote }, 0...4, using: &random)
            return " " + name + (Bool.random(using: &random) ? "=" : " = ") + quote + value + quote
        }.joined()
    }

    /// The content of an element `depth` levels down, its events appended.
    private mutating func children(depth: Int, using random: inout SplitMix64) -> String {
        var written = ""
        for _ in 0..<Int.random(in: 0...(depth < 5 ? 4 : 1), using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0 where depth < 5:
                let name = Self.names.randomElement(using: &random) ?? "a"
                written += "<" + name + attributes(using: &random)
                events.append(.start(name))
                let inner = children(depth: depth + 1, using: &random)
                written += inner.isEmpty && Bool.random(using: &random) ? "/>" : ">" + inner + "</" + name + ">"
                events.append(.end(name))
            case 1:
                let cdata = pick(Self.cdataPieces, 0...5, using: &random)
                written += "<![CDATA[" + cdata + "]]>"
                appendText(cdata)
            case 2:
                let misc = misc(using: &random)
                written += misc
                if !misc.hasPrefix("<") { appendText(misc) }
            default:
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let (form, value) = Self.textPieces.randomElement(using: &random) ?? ("x", "x")
                    written += form
                    appendText(value)
                }
            }
        }
        return written
    }

    private mutating func appendText(_ text: String) {
        guard !text.isEmpty else { return }
        if case .text(let before)? = events.last {
            events[events.count - 1] = .text(before + text)
        } else {
            events.append(.text(text))
        }
    }
}
