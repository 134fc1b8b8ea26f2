import Foundation
import Synchronization

/// Keeps the last `limit` exchanges of one scenario, redacted and cut as they are recorded.
package final class ExchangeRecorder: Sendable {
    package let limit: Int
    package let bodyLimit: Int
    private let state = Mutex<(kept: [RecordedExchange], dropped: Int)>(([], 0))

    /// `limit` and `bodyLimit` are clamped to at least 1 and 64 bytes.
    package init(limit: Int = 20, bodyLimit: Int = 2048) {
        self.limit = max(1, limit)
        self.bodyLimit = max(64, bodyLimit)
    }

    package func record(_ request: OutgoingRequest, response: IncomingResponse?, error: String?) {
        let exchange = RecordedExchange(request: request, response: response, error: error, bodyLimit: bodyLimit)
        state.withLock { state in
            state.kept.append(exchange)
            if state.kept.count > limit {
                let excess = state.kept.count - limit
                state.kept.removeFirst(excess)
                state.dropped += excess
            }
        }
    }

    /// The kept exchanges, oldest first.
    package var exchanges: [RecordedExchange] { state.withLock { $0.kept } }
    /// How many earlier exchanges were let go.
    package var dropped: Int { state.withLock { $0.dropped } }
}

/// The recorders of the scenarios running at once on one shared client, each found by a key the request's
/// URL contains (the scenario's bucket name): jobs share the client, and a bucket belongs to one scenario.
package final class ExchangeRecorders: Sendable {
    private let recorders = Mutex<[String: ExchangeRecorder]>([:])

    package init() {}

    package func attach(_ recorder: ExchangeRecorder, key: String) {
        recorders.withLock { $0[key] = recorder }
    }

    package func detach(key: String) {
        recorders.withLock { _ = $0.removeValue(forKey: key) }
    }

    /// The recorder whose key the URL names; nil at once when none is attached (the common case).
    func recorder(for url: URL) -> ExchangeRecorder? {
        recorders.withLock { recorders in
            if recorders.isEmpty { return nil }
            let text = url.absoluteString
            return recorders.first { text.contains("/" + $0.key) }?.value
        }
    }
}
