import Drivers
import FirebaseV0
import Foundation
import GCSJSON
import Primitives
import Runner
import ScenarioLanguage
import StorageAPI
import StorageSDK

/// The driver's greeting and its `begin`: what it says it can do, and the client it makes for a scenario.
extension OwnDriver {
    /// Everything the project's client does; faults only when it carries them out itself.
    var capabilities: DriverCapabilities {
        var capabilities = DriverCapabilities()
        for kind in TransferKind.allCases {
            capabilities.transfers[kind] = Set(TransferFeature.allCases.filter { $0 != .chunkSize || kind == .upload })
        }
        capabilities.operations = Set(DriverOperation.allCases)
        capabilities.faults = faultSide == .client
        capabilities.firedFaults = faultSide == .client
        capabilities.retryEvents = true
        capabilities.requestTimeout = true
        capabilities.lentClock = true
        capabilities.reusable = true
        return capabilities
    }

    /// Protocol 2 when the runner accepts it, else protocol 1 (whose list cannot say `faults` is the target's).
    func hello(_ message: JSONValue) -> [JSONValue.Member] {
        var accepted: [Int64] = [message["protocol"]?.integerValue ?? 1]
        if case .array(let list)? = message["accepts"] { accepted += list.compactMap(\.integerValue) }
        let version = accepted.contains(2) ? Int64(2) : 1
        let listed: JSONValue =
            version == 2
            ? capabilities.protocol2Value
            : .array(
                ["events", "putFile", "writeToFile", "pauseResume", "cancel", "observers", "retryEvents"].map {
                    .string($0)
                } + DriverOperation.allCases.map { .string($0.rawValue) }
                    + (faultSide == .client ? [.string("faults")] : []))
        return [
            .init("protocol", .number(String(version))), .init("name", .string("storage-conformance")),
            .init("version", .string(ToolVersion.current)), .init("capabilities", listed),
        ]
    }

    func begin(_ message: JSONValue) throws(DriverWire.Problem) -> Answer {
        let target = try DriverWire.string(message, "target")
        let bucket = try DriverWire.string(message, "bucket")
        let endpoint: (url: URL, speaksGCS: Bool)
        do throws(ArgumentList.Problem) {
            endpoint = try TargetResolver.endpoint(target)
        } catch {
            throw DriverWire.Problem(description: "begin.target: \(error.description)")
        }
        let retry = message["retry"] ?? .null
        // A request that goes unanswered this long fails, as the in-process client's stalls do.
        let timeout = try DriverWire.seconds(retry["timeout"], "retry.timeout") ?? ScenarioExecution.requestTimeout
        let wire: any StorageBackend =
            endpoint.speaksGCS
            ? GCSJSONClient(baseURL: endpoint.url, requestTimeout: timeout)
            : FirebaseV0Client(baseURL: endpoint.url, requestTimeout: timeout)
        let clock = try lentClock(message["clock"])
        // On the lent clock the client's own waits are the runner's; a wait the server asks for (`Retry-After`)
        // stays real, as in process (RealTimeBackend; its own clock is only for that).
        let backend = clock == nil ? wire : RealTimeBackend(wire, clock: VirtualClock())
        let storage = Storage(
            bucket: bucket, backend: backend, host: target, clock: clock.map { $0 as any StorageClock } ?? SystemClock()
        )
        let faults = message["faults"] == nil ? [] : try DriverWire.faults(message["faults"])
        let client = LocalClient(session: storage, faults: faults, requestTimeout: timeout)
        client.storage.authToken = message["auth"]?.stringValue
        client.setRetryTimes(
            RetryTimes(
                upload: try Self.longestWait(retry["upload"], "retry.upload"),
                download: try Self.longestWait(retry["download"], "retry.download"),
                operation: try Self.longestWait(retry["operation"], "retry.operation")))
        start(client, clock: clock)
        return .success([])
    }

    /// `begin.clock`: the runner lends its clock, standing at `now` (absent or null: the driver keeps real time).
    private func lentClock(_ value: JSONValue?) throws(DriverWire.Problem) -> LentClock? {
        guard let value, !DriverWire.isNull(value) else { return nil }
        guard let now = DriverWire.number(value["now"]), now.isFinite, now >= 0 else {
            throw DriverWire.Problem(description: "begin.clock.now: expected a number of seconds, at least 0")
        }
        return LentClock(now: now) { [self] message in write(message) }
    }

    /// A kind's longest wait: a number (protocol 1) or `{"longestWait": …, "budget": …}` (protocol 2), in seconds
    /// from 0 to a day.
    private static func longestWait(_ value: JSONValue?, _ key: String) throws(DriverWire.Problem) -> Double? {
        if case .object? = value { return try DriverWire.seconds(value?["longestWait"], key + ".longestWait") }
        return try DriverWire.seconds(value, key)
    }
}
