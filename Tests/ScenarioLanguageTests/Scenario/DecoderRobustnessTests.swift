import ScenarioLanguage
import Testing
import YAMLReader

/// Invalid input of any kind yields diagnostics, never a crash or a hang.
@Suite("Decoder robustness")
struct DecoderRobustnessTests {
    static let nastyInputs: [[UInt8]] =
        [
            "\u{0}", "[[[[[[", "{a: [}", "scenario: [", "\t- a", "&a x", "*a", "!!str x", "? a", "key: 'unterminated",
            "scenario: s\nsteps:\n  - put: {data: {data: {data: {data: {}}}}}", "scenario: s\nscenario: t\nsteps: []",
            "scenario: s\nsteps:\n- - - - - []", "scenario: s\nsteps: [{}, [], x, null, 1, {put: }]",
            "scenario: s\nsteps: [{ ref: { from: , chain: } }]",
            "scenario: s\nsteps: [{ put: a, data: { random: 99999999999999999999 } }]",
            "...\n...\n", "%YAML 1.2\n---\nscenario: s", "scenario: s\nsteps: [{ delete: a }]\n--- |\n  text\n",
            String(repeating: "[", count: 5000), String(repeating: "- ", count: 3000) + "x",
            "scenario: \u{FEFF}x\nsteps: [{ delete: \"\\uD800\" }]",
        ].map { Array($0.utf8) } + [
            [0xFF, 0xFE, 0x00], [0xEF, 0xBB, 0xBF], [0xC3], Array("scenario: \u{1F600}".utf8.dropLast()),
        ]

    @Test(arguments: nastyInputs)
    func nastyInputGivesDiagnostics(_ bytes: [UInt8]) {
        let source = SourceFile(path: "nasty.yaml", bytes: bytes)
        let (file, diagnostics) = ScenarioDecoder.decode(source, name: "nasty")
        #expect(!diagnostics.isEmpty)
        if file == nil { #expect(diagnostics.contains { $0.severity == .error }) }
        for diagnostic in diagnostics {
            #expect(diagnostic.location.line >= 1 && diagnostic.location.line <= source.lineCount)
            #expect(!diagnostic.description.isEmpty)
        }
    }

    /// Deleting any one character of a valid file leaves a file that decodes or is reported, and every
    /// file with an error still has diagnostics at real lines.
    @Test func everyOneCharacterDeletionIsHandled() {
        let valid = """
            scenario: deletions
            tags: [a, b]
            given:
              objects: { "x/y": { random: 1KiB, seed: 2, contentType: a/b } }
              rules: { version: 2, allow: [{ path: "**", ops: [read, write, list], if: signedIn }] }
            steps:
              - put: images/a.jpg
                data: { zeros: 2MiB }
                metadata: { contentType: image/jpeg, customMetadata: { k: v } }
                chunkSize: 512KiB
                as: up
              - pause: $up
                when: { progress: 50% }
              - resume: up
              - observe: { task: up, status: progress, as: h }
              - await: up
                expect: { events: "resume progress+ pause resume progress{1,3} success", observer: { h: "progress*" } }
              - ref: $up.metadata.path
                as: dir
              - ref: { from: $dir, chain: [parent, { child: b }] }
              - list: images
                maxResults: 2
                as: page
                expect: { items: ["images/a.jpg"], pageToken: absent }
              - getData: $page.pageToken
                maxSize: 1MiB
                expect: { error: { code: objectNotFound, message: "/not (found|here)/" } }
            """
        let bytes = Array(valid.utf8)
        #expect(Fixture(valid).messages() == [])
        for index in bytes.indices {
            var mutated = bytes
            mutated.remove(at: index)
            let source = SourceFile(path: "m.yaml", bytes: mutated)
            let (file, diagnostics) = ScenarioDecoder.decode(source, name: "m")
            if file == nil || diagnostics.contains(where: { $0.severity == .error }) {
                #expect(!diagnostics.isEmpty)
            }
            #expect(diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.line <= source.lineCount })
        }
    }
}
