import HTTPCore
import Reports

extension ExchangeTrace {
    /// What `recorder` kept for a session, as reports show it.
    package init(_ recorder: ExchangeRecorder) {
        self.init(exchanges: recorder.exchanges.map(\.text), dropped: recorder.dropped)
    }
}
