import ScenarioLanguage
import StorageAPI

/// Checks a step's `requests:` and `took:` (docs/scenario-language.md, "What the target saw"): the requests
/// the target saw and the time the client's clock moved on between the step's start and its end. Made before
/// the step, verified after it.
struct ObservedCheck {
    private let requests: [RequestCount]?
    private let took: ClockSpan?
    private let before: ClientObservation

    /// Nil when the step expects neither.
    init?(_ expectation: Expectation?, client: any ScenarioClient) throws(StepFailure) {
        guard let expectation, expectation.requests != nil || expectation.took != nil else { return nil }
        requests = expectation.requests
        took = expectation.took
        before = try client.observe()
    }

    func verify(client: any ScenarioClient, transcript: Transcript) throws(StepFailure) {
        let after = try client.observe()
        if let requests {
            let earlier = try before.requests.get()
            let counts = try after.requests.get()
            let seen = requests.map { ($0.kind, (counts[$0.kind] ?? 0) - (earlier[$0.kind] ?? 0)) }
            let actual = seen.map { "\($0.0.rawValue): \($0.1)" }.joined(separator: ", ")
            transcript.add("  requests seen: \(actual)")
            let expected = requests.map { "\($0.kind.rawValue): \($0.count)" }.joined(separator: ", ")
            if zip(requests, seen).contains(where: { $0.count != $1.1 }) {
                throw .mismatch(
                    .requestsMismatch, "the target saw other requests than the step expects", expected: expected,
                    actual: actual)
            }
        }
        if let took {
            let elapsed = try after.clock.get() - before.clock.get()
            let rounded = (elapsed * 1000).rounded() / 1000
            transcript.add("  took \(rounded) s on the client's clock")
            if !took.contains(elapsed) {
                throw .mismatch(
                    .timingMismatch, "the step took \(rounded) s on the client's clock", expected: took.description,
                    actual: "\(rounded) s")
            }
        }
    }
}
