import Drivers
import ScenarioLanguage
import StorageAPI

/// Checks a step's `requests:` and `took:` (docs/scenario-language.md, "What the target saw"): the requests
/// the target saw and the time the client's clock moved on between the step's start and its end. Made before
/// the step, verified after it.
struct ObservedCheck {
    private let requests: [RequestCount]?
    private let sequence: [RequestFault.Kind]?
    private let took: ClockSpan?
    private let before: ClientObservation

    /// Nil when the step expects neither.
    init?(_ expectation: Expectation?, client: any ScenarioClient) throws(StepFailure) {
        guard let expectation, expectation.requests != nil || expectation.sequence != nil || expectation.took != nil
        else { return nil }
        requests = expectation.requests
        sequence = expectation.sequence
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
        if let sequence {
            let earlier = try before.order.get()
            let later = try after.order.get()
            guard later.count < FaultSchedule.longestOrder else {
                throw .error(
                    .unsupported,
                    "not observed: sequence: more than \(FaultSchedule.longestOrder) requests, whose order is not kept")
            }
            try Self.check(sequence, seen: Array(later.dropFirst(earlier.count)), transcript: transcript)
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

    /// `sequence:` against the kinds seen: a mismatch names the first position where they differ.
    static func check(_ expected: [RequestFault.Kind], seen: [RequestFault.Kind], transcript: Transcript)
        throws(StepFailure)
    {
        let actual = seen.map(\.rawValue).joined(separator: " ")
        transcript.add("  requests in order: \(actual.isEmpty ? "none" : actual)")
        guard seen != expected else { return }
        let position =
            expected.indices.first { $0 >= seen.count || expected[$0] != seen[$0] } ?? expected.count
        func at(_ kinds: [RequestFault.Kind]) -> String {
            position < kinds.count ? kinds[position].rawValue : "nothing"
        }
        throw .mismatch(
            .requestsMismatch,
            "the target saw the requests in another order: they differ first at request \(position + 1), expected "
                + "\(at(expected)), actual \(at(seen))",
            expected: expected.map(\.rawValue).joined(separator: " "), actual: actual.isEmpty ? "none" : actual)
    }
}
