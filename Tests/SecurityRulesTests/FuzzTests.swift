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
            loaded += exercise(Self.mutated(round, using: &generator))
        }
        #expect(loaded > 0)
    }

    /// Reading a file costs work linear in its length, and every decision ends within the work budget or is
    /// denied naming a budget.
    @Test func workStaysWithinItsBounds() throws {
        var generator = Generator(state: 7)
        var texts = (0..<600).map { Self.mutated($0, using: &generator) }
        for depth in [10, 99, 2000] {
            let service = "service firebase.storage { match /b/{bucket}/o { allow read: if "
            let parentheses = String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
            let lists = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            texts.append(service + parentheses + "; } }")
            texts.append(service + lists + "; } }")
            let matches = String(repeating: "match /a/{b=**} {", count: depth) + String(repeating: "}", count: depth)
            texts.append("service firebase.storage {" + matches + "}")
        }
        var totalWork = 0
        for text in texts {
            var steps = 0
            let program = try? RulesProgram(RulesSource(name: "fuzz.rules", text: text), parseSteps: &steps)
            let length = text.unicodeScalars.count
            #expect(steps <= Self.parseStepsPerCharacter * (length + 1), "\(steps) steps for \(length) characters")
            guard let program else { continue }
            for method in RulesMethod.allCases {
                for request in [
                    Rules.request(method, "a/b/c", uid: "u", resource: Rules.object("a/b/c")),
                    Rules.request(method, ""),
                ] {
                    var work = 0
                    let decision = program.decide(request, work: &work)
                    totalWork += work
                    #expect(
                        work <= RulesLimits.workPerRequest
                            || (!decision.allowed && decision.explanation.contains("rules evaluation exceeded its")),
                        "\(work) units: \(decision)")
                }
            }
        }
        #expect(totalWork > 0)
    }

    /// The most work reading one character may cost: a character is at most one token, and a token enters each
    /// level of the expression grammar once.
    static let parseStepsPerCharacter = 16

    /// A seed file after one to four random edits (deletions, inserted fragments, truncation, shuffles).
    static func mutated(_ round: Int, using generator: inout Generator) -> String {
        var scalars = Array(seedFiles[round % seedFiles.count].unicodeScalars)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let position = Int.random(in: 0...scalars.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0 where !scalars.isEmpty:
                scalars.remove(at: min(position, scalars.count - 1))
            case 1:
                let fragment = fragments[Int.random(in: 0..<fragments.count, using: &generator)]
                scalars.insert(contentsOf: fragment.unicodeScalars, at: position)
            case 2:
                scalars.removeSubrange(position...)
            default:
                let end = min(scalars.count, position + Int.random(in: 0...20, using: &generator))
                scalars.replaceSubrange(position..<end, with: scalars[position..<end].shuffled(using: &generator))
            }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
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
