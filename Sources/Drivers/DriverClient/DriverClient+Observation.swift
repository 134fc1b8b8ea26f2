import HTTPCore
import Reports
import ScenarioLanguage
import StorageAPI
import Targets

/// What a driver's run lets the runner observe for `requests:` and `took:` (docs/scenario-language.md, "What the
/// target saw").
extension DriverClient {
    /// The HTTP exchanges the driver's SDK made in this scenario, redacted and cut; nil when the driver does not
    /// report them (the runner's own requests are then all there is to show).
    package var exchanges: ExchangeTrace? { exchangeRecorder.map(ExchangeTrace.init) }

    /// `requests:` and `sequence:` from whoever carries the faults out: the target's fault plan (`serve` counts every request of
    /// the bucket, faulted or not) or the driver's own count (`firedFaults`, `seen`). `took:` from the runner's
    /// clock, when the driver took it (`"clock": "lent"`): then the client's waits move it, as in process.
    package func observe() throws(StepFailure) -> ClientObservation {
        let faults = declared.withLock { $0 }
        let onTarget = targetFaults != nil
        let requests: Result<[RequestFault.Kind: Int], StepFailure>
        let order: Result<[RequestFault.Kind], StepFailure>
        if faults.isEmpty {
            requests = .failure(ClientObservation.uncounted)
            order = requests.map { _ in [] }
        } else if onTarget, let reset = faults.first(where: { Self.resetsBeforeAnswering($0.action) }) {
            requests = .failure(
                Self.unobserved(
                    "requests: the target resets connections before answering (\(RequestFaultJSON.encode(reset).text)), "
                        + "and an HTTP client sends such a request again on a new connection when the reset one was "
                        + "kept alive, so the count the target sees depends on connection reuse"))
            order = requests.map { _ in [] }
        } else if let tally = try firedFaults() {
            requests = .success(ClientObservation.counts(tally))
            order =
                tally.order.map { kinds in .success(kinds.compactMap(RequestFault.Kind.init(rawValue:))) }
                ?? .failure(Self.unobserved("sequence: the driver's firedFaults answer has no order"))
        } else {
            requests = .failure(
                Self.unobserved(
                    "requests: the driver cannot report the requests it sent (no firedFaults), and the target does "
                        + "not carry the faults out, so nobody counts them"))
            order = requests.map { _ in [] }
        }
        let clock: Result<Double, StepFailure>
        if let (lent, _) = lentClock {
            if onTarget, let stall = faults.first(where: { if case .stall = $0.action { true } else { false } }) {
                clock = .failure(
                    Self.unobserved(
                        "took: the target carries out a stall (\(RequestFaultJSON.encode(stall).text)), which "
                            + "passes in real time, off the client's clock"))
            } else {
                clock = .success(lent.now)
            }
        } else {
            clock = .failure(
                Self.unobserved(
                    "took: the driver keeps its own clock (\"clock\": \"own\"), so the time its client waited is not "
                        + "observed"))
        }
        return ClientObservation(requests: requests, order: order, clock: clock)
    }

    /// A skip for what nobody observes; every such reason starts `not observed:` (CI's comparisons look for it).
    private static func unobserved(_ why: String) -> StepFailure {
        .error(.unsupported, "not observed: " + why)
    }

    /// Faults after which no byte of an answer arrives on a connection the target then resets.
    private static func resetsBeforeAnswering(_ action: RequestFault.Action) -> Bool {
        switch action {
        case .reset, .answerLost, .dropRequest: true
        default: false
        }
    }
}
