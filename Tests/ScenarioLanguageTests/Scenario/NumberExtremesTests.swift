import ScenarioLanguage
import Testing
import YAMLReader

/// Every number a scenario file gives is read with its range checked: at the extremes each field decodes or
/// is reported at a real line, never trapping (issue 25, arithmetic that cannot trap: scenario files).
@Suite struct NumberExtremesTests {
    static let extremes = [
        "0", "-1", "9007199254740993", "9223372036854775807", "-9223372036854775808", "18446744073709551616",
        "1e19", "1e999", ".inf", ".nan", "0x7fffffffffffffff", String(repeating: "9", count: 400), "1e19KiB",
        "9223372036854775807KiB", "99999999999999999999%",
    ]

    /// Scenario texts with one number to fill in (`N`), one per place a scenario takes a number.
    static let places = [
        "given:\n  objects: { a: { random: N, seed: 1 } }\nsteps:\n  - delete: a",
        "given:\n  objects: { a: { random: 1KiB, seed: N } }\nsteps:\n  - delete: a",
        "given:\n  objects: { a: { zeros: N } }\nsteps:\n  - delete: a",
        "given:\n  rules: { version: N, allow: [] }\nsteps:\n  - delete: a",
        "given:\n  faults: [{ request: chunk, status: N }]\nsteps:\n  - delete: a",
        "given:\n  faults: [{ request: chunk, status: 503, retryAfter: N }]\nsteps:\n  - delete: a",
        "given:\n  faults: [{ request: chunk, nth: N, status: 503 }]\nsteps:\n  - delete: a",
        "given:\n  faults: [{ request: chunk, first: N, reset: true }]\nsteps:\n  - delete: a",
        "given:\n  faults: [{ request: query, misreport: N }]\nsteps:\n  - delete: a",
        "given:\n  faults: [{ request: chunk, dropRequest: N }]\nsteps:\n  - delete: a",
        "given:\n  faults: [{ request: chunk, stall: N }]\nsteps:\n  - delete: a",
        "given:\n  retry: { upload: N }\nsteps:\n  - delete: a",
        "steps:\n  - put: a\n    data: { random: N }",
        "steps:\n  - put: a\n    data: hi\n    chunkSize: N",
        "steps:\n  - getData: a\n    maxSize: N",
        "steps:\n  - list: a\n    maxResults: N",
        "steps:\n  - put: a\n    data: hi\n    as: up\n  - pause: up\n    when: { progress: N }",
        "steps:\n  - put: a\n    data: hi\n    as: up\n  - pause: up\n    when: { retry: N }",
        "steps:\n  - put: a\n    data: hi\n    as: up\n  - await: up\n    expect: { events: \"progress{N}\" }",
        "steps:\n  - put: a\n    data: hi\n    expect: { metadata: { size: N } }",
        "steps:\n  - getMetadata: a\n    expect: { error: { code: N } }",
    ]

    @Test(arguments: places)
    func everyPlaceTakesTheExtremes(_ place: String) {
        for number in Self.extremes {
            let text = "scenario: s\n" + place.replacingOccurrences(of: "N", with: number) + "\n"
            let source = SourceFile(path: "n.yaml", text: text)
            let (_, diagnostics) = ScenarioDecoder.decode(source, name: "n")
            #expect(
                diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.line <= source.lineCount },
                "\(number) in \(place)")
        }
    }
}
