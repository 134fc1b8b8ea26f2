import Foundation
import GCSXML
import Primitives
import TestSupport
import Testing

/// The XML reader under generated, damaged, hostile and random documents, seeded so a failure replays: a
/// well-formed document gives exactly its events, an ill-formed one is always refused with a short problem, nothing
/// crashes, and the work (`steps`) is at most `stepsPerByte` per byte of the document.
@Suite struct XMLReaderFuzzTests {
    /// The bound asserted: each byte is checked, moved past and compared against a few markup openings.
    static let stepsPerByte = 8

    /// Reads `text` as `events(_:)` does; what is read must be balanced and read the same once written again.
    @discardableResult
    private func read(_ text: String) -> [XMLReader.Event]? {
        guard let events = events(text) else { return nil }
        #expect(isBalanced(events), "\(events)")
        #expect(self.events(written(events)) == events, "events written again read differently")
        return events
    }

    /// Reads `text`, checks the work and the problem, and gives the events (runs of text joined), or nil if refused.
    private func events(_ text: String) -> [XMLReader.Event]? {
        let data = Data(text.utf8)
        var steps = 0
        defer { #expect(steps <= Self.stepsPerByte * data.count + 16, "\(steps) steps for \(data.count) bytes") }
        var events: [XMLReader.Event] = []
        do throws(XMLReader.Problem) {
            try XMLReader.read(data, steps: &steps) { event in
                if case .text(let piece) = event, case .text(let before)? = events.last {
                    events[events.count - 1] = .text(before + piece)
                } else {
                    events.append(event)
                }
            }
        } catch {
            #expect(error.line >= 1 && error.column >= 1 && error.message.count < 200, "\(error)")
            return nil
        }
        return events
    }

    /// One root element, every start closed by its end in order.
    private func isBalanced(_ events: [XMLReader.Event]) -> Bool {
        var open: [String] = []
        for (offset, event) in events.enumerated() {
            switch event {
            case .start(let name): open.append(name)
            case .end(let name): if open.popLast() != name { return false }
            case .text: if open.isEmpty { return false }
            }
            if open.isEmpty, offset != events.count - 1 { return false }
        }
        return open.isEmpty && !events.isEmpty
    }

    /// `events` as a document again, text escaped by the project's XML writer.
    private func written(_ events: [XMLReader.Event]) -> String {
        events.map { event in
            switch event {
            case .start(let name): "<\(name)>"
            case .end(let name): "</\(name)>"
            case .text(let text): XMLText.content(text)
            }
        }.joined()
    }

    @Test func generatedDocumentsGiveTheirEvents() {
        var random = SplitMix64(seed: 36)
        for _ in 0..<1_500 {
            let document = GeneratedXML(using: &random)
            #expect(read(document.text) == document.events, "\(document.text)")
        }
    }

    @Test func everyCutOfADocumentIsRefused() {
        var random = SplitMix64(seed: 37)
        for _ in 0..<300 {
            let bytes = Array(GeneratedXML(using: &random).text.utf8)
            for _ in 0..<5 {
                let cut = Int.random(in: 0..<bytes.count, using: &random)
                #expect(read(String(decoding: bytes[..<cut], as: UTF8.self)) == nil, "cut at \(cut)")
            }
        }
    }

    /// Each is ill-formed wherever it stands in an element's content.
    static let illFormed = [
        "&#0;", "&#x1;", "&#xD800;", "&#xFFFE;", "&bogus;", "&#+65;", "&#x;", "&#;", "&", "&amp", "<", "]]>", "\u{1}",
        "\u{0}", "\u{FFFE}", "<1a/>", "<-a/>", "<a b='1'c='2'/>", "<a b='1' b='2'/>", "<a b='<'/>", "<a b='&'/>",
        "<a b='&x;'/>", "<a b=1/>", "<a b/>", "<a/ >", "<!-- a -- b -->", "<!-- a --->", "<?xml version='1.0'?>",
        "<??>", "</x>", "<a>", "<!DOCTYPE a>", "<![CDATA[x", "<!-- x", "<?pi x", "<a b='1", "<a&b/>", "<a;/>",
    ]

    @Test func illFormedPiecesAreRefusedWherePut() {
        var random = SplitMix64(seed: 38)
        for piece in Self.illFormed {
            for _ in 0..<20 {
                let document = GeneratedXML(using: &random)
                #expect(read(document.text(insertingBeforeTheRootEnds: piece)) == nil, "\(piece)")
            }
        }
    }

    @Test func mutatedDocumentsAndRandomBytesAreReadOrRefused() {
        var random = SplitMix64(seed: 39)
        let alphabet = Array("<>/=&;#x'\"!?-[]CDATA a1\n\u{1}é".unicodeScalars)
        var outcomes = (read: 0, refused: 0)
        for round in 0..<3_000 {
            var scalars = Array(GeneratedXML(using: &random).text.unicodeScalars)
            if round % 3 == 0 {
                scalars = (0..<Int.random(in: 0...80, using: &random)).map { _ in
                    alphabet.randomElement(using: &random) ?? "a"
                }
            } else {
                for _ in 0..<Int.random(in: 1...3, using: &random) where !scalars.isEmpty {
                    let index = Int.random(in: 0..<scalars.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: scalars.remove(at: index)
                    case 1: scalars.insert(alphabet.randomElement(using: &random) ?? "a", at: index)
                    default: scalars[index] = alphabet.randomElement(using: &random) ?? "a"
                    }
                }
            }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            if read(String(text)) != nil { outcomes.read += 1 } else { outcomes.refused += 1 }
        }
        #expect(outcomes.read > 100 && outcomes.refused > 100)
    }

    static let hostile: [String] = [
        String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000),
        String(repeating: "<a>", count: 10_000),
        "<" + String(repeating: "n", count: 1 << 18) + "/>",
        "<a " + (0..<10_000).map { "b\($0)='1'" }.joined(separator: " ") + "/>",
        "<a " + String(repeating: "b='1' ", count: 10_000) + "/>",
        "<a>" + String(repeating: "&amp;", count: 25_000) + "</a>",
        "<a>" + String(repeating: "&", count: 25_000) + "</a>",
        "<a>" + String(repeating: "&#0;", count: 10_000) + "</a>",
        "<a>" + String(repeating: "&#x1;", count: 10_000) + "</a>",
        "<a>" + String(repeating: "&#65", count: 25_000) + "</a>",
        "<a><![CDATA[" + String(repeating: "]", count: 1 << 18) + "]]></a>",
        "<a><![CDATA[" + String(repeating: "]]", count: 1 << 17) + "</a>",
        "<a><!--" + String(repeating: "-", count: 1 << 18) + "</a>",
        "<a><!--" + String(repeating: "x", count: 1 << 18) + "--></a>",
        "<a>" + String(repeating: "]", count: 1 << 18) + "</a>",
        "<a><?pi " + String(repeating: "?", count: 1 << 18) + "</a>",
        "<a b='" + String(repeating: "&amp;", count: 25_000) + "'/>",
        String(repeating: "<!-- x -->", count: 25_000) + "<a/>",
        "<a>" + String(repeating: "é", count: 1 << 18) + "</a>",
    ]

    @Test(arguments: hostile.indices) func hostileDocumentsStayLinear(_ index: Int) {
        read(Self.hostile[index])
    }
}
