import SecurityRules
import Testing

/// Random and truncated mutations of valid files: each loads or is refused with a placed error, and a loaded one
/// decides; nothing may crash or hang.
@Suite struct FuzzTests {
    /// A deterministic generator, so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    static let seedFiles = DocExampleRules.all

    static let fragments = [
        "(", ")", "{", "}", "[", "]", "'", "\"", "/", "*", "**", "=", "==", "&&", "||", "!", "?", ":", ";", ",", ".",
        "match", "allow", "function", "let", "return", "if", "in", "is", "{x=**}", "$(", "\\", "\n", " ", "/*", "//",
        "request.auth.uid", "resource", "1e999", "9223372036854775807", "-", "r'", "b'", "matches('(a*)*')", "\u{0}",
        "é", "\u{FEFF}", "rules_version = '2';",
    ]

    @Test func mutatedFilesNeverCrash() {
        var generator = Generator(state: 42)
        var loaded = 0
        for round in 0..<1500 {
            var scalars = Array(Self.seedFiles[round % Self.seedFiles.count].unicodeScalars)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0...scalars.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where !scalars.isEmpty:
                    scalars.remove(at: min(position, scalars.count - 1))
                case 1:
                    scalars.insert(
                        contentsOf: Self.fragments.randomElement(using: &generator)!.unicodeScalars, at: position)
                case 2:
                    scalars.removeSubrange(position...)
                default:
                    let end = min(scalars.count, position + Int.random(in: 0...20, using: &generator))
                    scalars.replaceSubrange(position..<end, with: scalars[position..<end].shuffled(using: &generator))
                }
            }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            loaded += exercise(String(text))
        }
        #expect(loaded > 0)
    }

    @Test func deepNestingNeverOverflowsTheStack() {
        for depth in [1000, 20_000] {
            for (open, close) in [("(", ")"), ("[", "]"), ("{'a':", "}"), ("!", ""), ("-", ""), ("a.b(", ")")] {
                let condition =
                    String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
                _ = exercise("service firebase.storage { match /b/{bucket}/o { allow read: if \(condition); } }")
            }
            _ = exercise(
                "service firebase.storage {" + String(repeating: "match /a {", count: depth)
                    + String(repeating: "}", count: depth) + "}")
            _ = exercise(
                "service firebase.storage { function f() { return " + String(repeating: "1 + ", count: depth) + "1; } }"
            )
        }
    }

    /// 1 when the text loads (and then decides every method), 0 when it is refused with a placed error.
    private func exercise(_ text: String) -> Int {
        do {
            let program = try RulesProgram(RulesSource(name: "fuzz.rules", text: text))
            for method in RulesMethod.allCases {
                _ = program.decide(Rules.request(method, "a/b/c", uid: "u", resource: Rules.object("a/b/c")))
                _ = program.decide(Rules.request(method, ""))
            }
            return 1
        } catch {
            #expect(error.location.line >= 1 && error.location.column >= 1 && !error.message.isEmpty)
            return 0
        }
    }
}
