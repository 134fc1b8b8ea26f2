import Primitives

/// Idle keep-alive connections of the HTTP client, by `host:port`, so that a run's requests reuse a few
/// connections instead of opening one each.
final class ConnectionPool: Sendable {
    /// A connection is handed to one exchange at a time; the pool only keeps idle ones.
    private let idle = Locked<[String: [ClientConnection]]>([:])
    /// How many idle connections one endpoint may keep.
    private let limit: Int

    init(limit: Int = 16) {
        self.limit = limit
    }

    /// An idle connection to `endpoint` that still looks alive, if there is one.
    func take(_ endpoint: String) -> ClientConnection? {
        while let connection = idle.withLock({ $0[endpoint]?.popLast() }) {
            if connection.looksAlive { return connection }
        }
        return nil
    }

    /// Keeps `connection` for reuse when the server allows it; otherwise it is closed.
    func giveBack(_ connection: ClientConnection, to endpoint: String) {
        guard connection.reusable else { return }
        idle.withLock { connections in
            if connections[endpoint, default: []].count < limit {
                connections[endpoint, default: []].append(connection)
            }
        }
    }
}
