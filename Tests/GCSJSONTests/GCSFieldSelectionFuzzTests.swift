import Foundation
import GCSJSON
import Primitives
import StorageAPI
import TestSupport
import Testing

/// The `fields=` reader under random and hostile selectors: each is read or refused with a short 400, nothing
/// crashes, and the work (`steps`) is at most `stepsPerCharacter` per character of the selector, seeded so a failure
/// replays.
@Suite struct GCSFieldSelectionFuzzTests {
    /// The bound asserted: a character is read once, and each field name is merged at most twice.
    static let stepsPerCharacter = 4

    static let pieces = [
        "a", "b", "items", "name", "size", "*", "(", ")", ",", "/", " ", "metadata", "x-y", "a.b", "$", "é", "\u{0}",
        "((", "))", ",,", "//", "items(name,size)", "a/b/c",
    ]

    /// A JSON value for selections to apply to: nested objects and an array of objects.
    static let resource = JSONValue.object([
        JSONValue.Member("kind", .string("storage#objects")),
        JSONValue.Member(
            "items",
            .array([
                .object([
                    JSONValue.Member("name", .string("a")), JSONValue.Member("size", .string("1")),
                    JSONValue.Member("metadata", .object([JSONValue.Member("a", .object([]))])),
                ])
            ])),
    ])

    /// Reads `text`, checks the outcome and the work, and says whether it was read.
    @discardableResult
    private func read(_ text: String) -> Bool {
        var steps = 0
        defer {
            let characters = text.unicodeScalars.count
            #expect(steps <= Self.stepsPerCharacter * max(characters, 1), "\(steps) steps for \(characters) characters")
        }
        do throws(BackendError) {
            let selection = try GCSFieldSelection(parsing: text, steps: &steps)
            _ = selection.apply(to: Self.resource)
            return true
        } catch {
            #expect(error.status == 400)
            #expect(error.message.hasPrefix("Invalid field selection: "))
            #expect(error.message.count < 200, "the error quotes the selection whole")
            return false
        }
    }

    @Test func randomSelectorsAreReadOrRefused() {
        var random = SplitMix64(seed: 36)
        var outcomes = (read: 0, refused: 0)
        for _ in 0..<4_000 {
            let count = Int.random(in: 1...30, using: &random)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
            if read(text) { outcomes.read += 1 } else { outcomes.refused += 1 }
        }
        #expect(outcomes.read > 100 && outcomes.refused > 100)
    }

    @Test func randomBytesAreReadOrRefused() {
        var random = SplitMix64(seed: 3600)
        for _ in 0..<1_000 {
            let bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            read(String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test(arguments: [
        String(repeating: "a(", count: 10_000) + "b" + String(repeating: ")", count: 10_000),
        String(repeating: "a(", count: 10_000),
        String(repeating: "a/", count: 10_000) + "a",
        String(repeating: "(", count: 10_000),
        String(repeating: ")", count: 10_000),
        String(repeating: ",", count: 10_000),
        String(repeating: "/", count: 10_000),
        String(repeating: "n", count: 100_000) + "(",
        String(repeating: " ", count: 100_000) + "!",
    ])
    func hostileSelectorsAreRefusedQuickly(_ text: String) {
        #expect(!read(text))
    }

    /// Selectors that are read, at their largest: the work per character stays the same as the text grows.
    @Test func theWorkGrowsLinearly() {
        let terms = ["a(b,c/d,e(f))", "items(name,size,metadata/a)", "a/b/c/d/e/f/g/h", "x", "a(b),a(c),a(b/d)"]
        for term in terms {
            for count in [10, 100, 2_000] {
                #expect(read(Array(repeating: term, count: count).joined(separator: ",")), "\(term) × \(count)")
            }
        }
        let wide = "a(" + (0..<2_000).map { "f\($0)" }.joined(separator: ",") + ")"
        #expect(read(wide + "," + Array(repeating: "a(g)", count: 2_000).joined(separator: ",")))
    }
}
