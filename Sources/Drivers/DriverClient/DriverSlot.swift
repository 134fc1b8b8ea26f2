import Primitives

/// The driver process one worker of a run keeps between the scenarios it runs one after another, for a driver
/// that can run several (`reuse`, docs/driver-protocol.md §1): each scenario after the first saves a process start
/// and a greeting. Only a driver that a scenario left idle is kept (`DriverClient.close`); any other is ended.
package final class DriverSlot: Sendable {
    private let kept = Locked<DriverConnection?>(nil)

    package init() {}

    /// The kept driver, taken out of the slot, when it is still idle; nil when there is none (one that is no
    /// longer idle is ended).
    package func take() -> DriverConnection? {
        let connection = kept.withLock { kept in
            defer { kept = nil }
            return kept
        }
        guard let connection else { return nil }
        guard connection.isIdle else {
            connection.close()
            return nil
        }
        return connection
    }

    /// Keeps `connection` for the next scenario, ending any driver kept before.
    package func keep(_ connection: DriverConnection) {
        let earlier = kept.withLock { kept in
            defer { kept = connection }
            return kept
        }
        earlier?.close()
    }

    /// Ends the kept driver: the run is over.
    package func close() {
        take()?.close()
    }
}
