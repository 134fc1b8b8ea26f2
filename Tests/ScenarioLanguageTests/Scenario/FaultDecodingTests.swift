import ScenarioLanguage
import StorageAPI
import Testing
import YAMLReader

/// `given.faults` and `given.retry` as written, and the errors for what is not.
@Suite struct FaultDecodingTests {
    private func decode(_ given: String) -> (Given?, [String]) {
        let text = "scenario: s\ngiven:\n" + given + "\nsteps:\n  - delete: a\n"
        let (file, diagnostics) = ScenarioDecoder.decode(SourceFile(path: "f.yaml", text: text), name: "f")
        return (file?.scenarios.first?.given, diagnostics.filter { $0.severity == .error }.map(\.message))
    }

    @Test func faultsAndRetryTimesAreRead() throws {
        let (given, errors) = decode(
            """
              faults:
                - { request: chunk, status: 503, retryAfter: 1.5 }
                - { request: query, first: 2, misreport: 1KiB }
                - { request: download, every: true, corrupt: true }
                - { request: delete, nth: 3, answerLost: true }
              retry: { upload: 4, operation: 0.5 }
            """)
        #expect(errors.isEmpty)
        let faults = try #require(given?.faults)
        #expect(
            faults == [
                RequestFault(kind: .chunk, occurrence: .nth(1), action: .status(503, retryAfter: 1.5)),
                RequestFault(kind: .query, occurrence: .first(2), action: .misreport(receivedBytes: 1024)),
                RequestFault(kind: .download, occurrence: .every, action: .corrupt),
                RequestFault(kind: .delete, occurrence: .nth(3), action: .answerLost),
            ])
        #expect(given?.retry == RetryTimes(upload: 4, operation: 0.5))
    }

    @Test(arguments: [
        ("  faults: [{ status: 503 }]", "a fault needs request: one of"),
        ("  faults: [{ request: upload, status: 503 }]", "request: unknown request kind \"upload\""),
        (
            "  faults: [{ request: chunk }]",
            "a fault takes exactly one of status, reset, answerLost, misreport, corrupt, dropRequest, dropResponse, stall"
        ),
        ("  faults: [{ request: chunk, status: 503, reset: true }]", "found status and reset"),
        ("  faults: [{ request: chunk, status: 200 }]", "expected an error status from 400 to 599"),
        ("  faults: [{ request: chunk, nth: 2, every: true, status: 503 }]", "one of nth, first and every"),
        ("  faults: [{ request: chunk, reset: true, retryAfter: 1 }]", "retryAfter goes with status:"),
        ("  faults: [{ request: chunk, reset: true, body: x }]", "body goes with status:"),
        ("  faults: [{ request: chunk, corrupt: true }]", "only a download's bytes can be corrupted"),
        ("  faults: [{ request: list, misreport: 1 }]", "only a query answers a received size"),
        ("  faults: [{ request: list, dropRequest: 1KiB }]", "only a chunk's body can be cut short"),
        ("  faults: [{ request: chunk, dropResponse: 1KiB }]", "only a download's answer arrives in part"),
        ("  faults: [{ request: list, stall: -2 }]", "stall: expected a number of seconds from 0 to 86400"),
        ("  retry: { upload: -1 }", "expected a number of seconds from 0 to 86400"),
        ("  faults: [{ request: list, stall: 9223372036854775807 }]", "stall: expected a number of seconds from 0"),
        ("  faults: [{ request: chunk, status: 503, retryAfter: 1e300 }]", "retryAfter: expected a number of seconds"),
        ("  retry: { uploads: 1 }", "unknown key \"uploads\""),
    ])
    func mistakesAreNamed(_ given: String, _ message: String) {
        let (_, errors) = decode(given)
        #expect(errors.contains { $0.contains(message) }, "\(errors)")
    }

    @Test func dropsStallsAndTheRequestTimeoutAreRead() throws {
        let (given, errors) = decode(
            """
              faults:
                - { request: chunk, dropRequest: 256KiB }
                - { request: download, nth: 2, dropResponse: 100 }
                - { request: list, stall: 2.5 }
                - { request: update, status: 403, body: denied }
              retry: { timeout: 1 }
            """)
        #expect(errors.isEmpty, "\(errors)")
        #expect(
            given?.faults == [
                RequestFault(kind: .chunk, occurrence: .nth(1), action: .dropRequest(afterBytes: 262_144)),
                RequestFault(kind: .download, occurrence: .nth(2), action: .dropResponse(afterBytes: 100)),
                RequestFault(kind: .list, occurrence: .nth(1), action: .stall(seconds: 2.5)),
                RequestFault(kind: .update, occurrence: .nth(1), action: .status(403, retryAfter: nil, body: "denied")),
            ])
        #expect(given?.retry == RetryTimes(timeout: 1))
    }

    @Test func aFaultStepTakesOneFaultOrAList() throws {
        let text = """
            scenario: s
            description: why it matters
            steps:
              - fault: { request: metadata, status: 500 }
              - fault:
                  - { request: list, reset: true }
                  - { request: delete, every: true, status: 503 }
            """
        let (good, goodDiagnostics) = ScenarioDecoder.decode(SourceFile(path: "f.yaml", text: text), name: "f")
        #expect(goodDiagnostics.filter { $0.severity == .error }.isEmpty, "\(goodDiagnostics)")
        let scenario = try #require(good?.scenarios.first)
        #expect(scenario.description == "why it matters")
        #expect(scenario.hasFaults)
        #expect(
            scenario.steps.map(\.action) == [
                .fault([RequestFault(kind: .metadata, occurrence: .nth(1), action: .status(500, retryAfter: nil))]),
                .fault([
                    RequestFault(kind: .list, occurrence: .nth(1), action: .reset),
                    RequestFault(kind: .delete, occurrence: .every, action: .status(503, retryAfter: nil)),
                ]),
            ])
    }
}
