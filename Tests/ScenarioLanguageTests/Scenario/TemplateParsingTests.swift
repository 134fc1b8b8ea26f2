import ScenarioLanguage
import Testing

@Suite("Template parsing")
struct TemplateParsingTests {
    static let location = Location(line: 1, column: 1, offset: 0)

    static let cases: [(text: String, parts: [Template.Part])] = [
        ("", []),
        ("plain/path.jpg", [.literal("plain/path.jpg")]),
        ("$$", [.literal("$")]),
        ("$", [.literal("$")]),
        ("$1", [.literal("$1")]),
        ("a$", [.literal("a$")]),
        ("50$ off", [.literal("50$ off")]),
        ("$$a", [.literal("$a")]),
        ("$$$a", [.literal("$"), .variable("a", fields: [])]),
        ("$a", [.variable("a", fields: [])]),
        ("$a.b.c", [.variable("a", fields: ["b", "c"])]),
        ("gs://$bucket/a", [.literal("gs://"), .variable("bucket", fields: []), .literal("/a")]),
        ("$up.metadata.generation", [.variable("up", fields: ["metadata", "generation"])]),
        ("$a.", [.variable("a", fields: []), .literal(".")]),
        ("$a.1", [.variable("a", fields: []), .literal(".1")]),
        ("$a..b", [.variable("a", fields: []), .literal("..b")]),
        ("$_x9-y", [.variable("_x9", fields: []), .literal("-y")]),
        ("$a.b$c", [.variable("a", fields: ["b"]), .variable("c", fields: [])]),
        ("é/$a/ü", [.literal("é/"), .variable("a", fields: []), .literal("/ü")]),
        ("$é", [.literal("$é")]),
        ("^https?://x/.+$", [.literal("^https?://x/.+$")]),
    ]

    @Test(arguments: cases)
    func parses(_ text: String, _ parts: [Template.Part]) {
        let template = Template(parsing: text, at: Self.location)
        #expect(template.parts == parts)
        #expect(template.location == Self.location)
    }

    @Test(arguments: cases)
    func descriptionReadsBackToTheSameTemplate(_ text: String, _ parts: [Template.Part]) {
        let template = Template(parsing: text, at: Self.location)
        #expect(Template(parsing: template.description, at: Self.location) == template)
    }

    @Test func soleVariableMakesANamedOperand() throws {
        let f = stepsFixture(
            """
            - ref: a
              as: space
            - getData: $space
              maxSize: 1
            - getData: $space.fullPath
              maxSize: 1
            - getData: "$space/child"
              maxSize: 1
            - getData: "$$space"
              maxSize: 1
            """)
        let steps = try f.steps()
        #expect(steps[1].action == .getData(.named("space"), maxSize: 1))
        #expect(steps[2].action == .getData(.path(f.t(7, "$space.fullPath")), maxSize: 1))
        #expect(steps[3].action == .getData(.path(f.t(9, "$space/child", written: "\"$")), maxSize: 1))
        #expect(
            steps[4].action
                == .getData(.path(Template(parts: [.literal("$space")], location: f.at(11, "\""))), maxSize: 1))
    }

    @Test func variablesInEveryTemplatedPlaceAreChecked() {
        let f = stepsFixture(
            """
            - put: "$a"
              data: { text: x }
              metadata: { contentType: "$b", customMetadata: { k: "$c" } }
            - write: x
              toFile: "$d.bin"
            - list: x
              pageToken: "$e"
            - ref: x
              expect: { fullPath: "$f", name: "$g", bucket: "$h", description: "$i" }
            - downloadURL: x
              expect: { matches: "$j" }
            - listAll: x
              expect: { prefixes: ["$k"], items: ["$l"] }
            - list: x
              expect: { pageToken: "$m" }
            - delete: x
              expect: { error: { code: unknown, message: "$n" } }
            - getMetadata: x
              expect: { metadata: { contentType: "$o", customMetadata: { k: "$p" } } }
            - ref: { from: $q, chain: [{ child: "$r" }] }
            - ref: { url: "$s" }
            - put: x
              file: "$t"
            """)
        let undefined = f.messages().compactMap { message -> String? in
            guard let range = message.range(of: ": $") else { return nil }
            return String(message[range.upperBound...].prefix { $0 != " " && $0 != "." })
        }
        #expect(undefined == "abcdefghijklmnopqrst".map(String.init))
    }

    @Test func bucketIsAlwaysDefinedAndNamesOnlyFromEarlierSteps() {
        #expect(stepsFixture("- ref: \"gs://$bucket/a\"").messages().isEmpty)
        let f = stepsFixture(
            """
            - ref: a
              as: later
              expect: { equals: $later }
            """)
        #expect(f.messages() == ["5:23: $later is not defined (no names are defined before this step)"])
    }
}
