import Primitives

/// The two kinds of transfer. An SDK may have tasks, events, pause and observers for one and not the other
/// (the Firebase JS SDK's uploads are tasks, its downloads Promises), so protocol 2 says what it has per kind.
package enum TransferKind: String, CaseIterable, Sendable, Comparable {
    case upload, download

    package static func < (lhs: TransferKind, rhs: TransferKind) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// What a driver's transfers of one kind can do beyond reporting their outcome (docs/driver-protocol.md §4).
package enum TransferFeature: String, CaseIterable, Sendable, Comparable {
    /// Every event of the task, in lock step.
    case events, pauseResume, cancel, observers
    /// An upload from a file, a download into a file.
    case file
    /// `put`'s `chunkSize` is honoured (uploads only).
    case chunkSize

    package static func < (lhs: TransferFeature, rhs: TransferFeature) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// The steps that are not transfers, each a capability of its own.
package enum DriverOperation: String, CaseIterable, Sendable, Comparable {
    case references, getMetadata, updateMetadata, delete, downloadURL, list, listAll

    package static func < (lhs: DriverOperation, rhs: DriverOperation) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// What a driver's SDK can do, as its `hello` answer says: a list of names under protocol 1, an object under
/// protocol 2 (docs/driver-protocol.md §4). One table for both, so the runner decides every scenario the same way.
package struct DriverCapabilities: Sendable, Equatable {
    package var transfers: [TransferKind: Set<TransferFeature>] = [:]
    package var operations: Set<DriverOperation> = []
    /// The driver puts faults into its own SDK's requests. Without it, a target that can carry faults out
    /// (`serve`) does so for the scenario's bucket.
    package var faults = false
    /// The driver answers `firedFaults`: how often each fault it put into its requests acted. A driver with `faults`
    /// but not this cannot confirm a fault scenario, which is then skipped.
    package var firedFaults = false
    /// The driver reports the SDK's waits before a retry (`retry` events).
    package var retryEvents = false
    /// The SDK can be told how long one request may go unanswered (`begin.retry.timeout`).
    package var requestTimeout = false
    /// The SDK words its errors its own way: codes are asserted, messages are not.
    package var ownErrorWording = false
    /// The SDK makes references from one string, a path or a URL (`ref` with `string`).
    package var oneStringReferences = false
    /// The driver's client can sleep on the runner's virtual clock (`"clock": "lent"`); without it, it keeps real
    /// time and its waits are reported as real.
    package var lentClock = false
    /// The driver runs one scenario after another, each `begin` starting afresh (`"reuse": true`); without it,
    /// every scenario gets a process of its own.
    package var reusable = false
    /// The driver reports the HTTP exchanges its SDK makes (`exchange` messages): a failure shows those rather
    /// than the runner's own requests.
    package var exchanges = false

    package init() {}

    package func has(_ feature: TransferFeature, for kind: TransferKind) -> Bool {
        transfers[kind]?.contains(feature) ?? false
    }

    // MARK: Protocol 1

    /// Protocol 1's flat list: one name for both kinds of transfer; `faults` covered the request timeout too,
    /// and `chunkSize` was part of the core.
    package static func protocol1(_ names: [String]) -> DriverCapabilities {
        var capabilities = DriverCapabilities()
        let given = Set(names)
        for kind in TransferKind.allCases {
            var features: Set<TransferFeature> = kind == .upload ? [.chunkSize] : []
            for feature in [TransferFeature.events, .pauseResume, .cancel, .observers]
            where given.contains(feature.rawValue) {
                features.insert(feature)
            }
            if given.contains(kind == .upload ? "putFile" : "writeToFile") { features.insert(.file) }
            capabilities.transfers[kind] = features
        }
        capabilities.operations = Set(DriverOperation.allCases.filter { given.contains($0.rawValue) })
        capabilities.faults = given.contains("faults")
        capabilities.requestTimeout = capabilities.faults
        capabilities.retryEvents = given.contains("retryEvents")
        capabilities.exchanges = given.contains("exchanges")
        return capabilities
    }

    // MARK: Protocol 2

    /// The protocol 2 object; an unknown name is a problem (a driver's typo must not skip scenarios silently).
    package static func protocol2(_ value: JSONValue?) throws(DriverWire.Problem) -> DriverCapabilities {
        guard case .object(let members)? = value else {
            throw DriverWire.Problem(description: "capabilities: expected an object (protocol 2)")
        }
        var capabilities = DriverCapabilities()
        for member in members {
            switch member.key {
            case "upload", "download":
                let kind = TransferKind(rawValue: member.key) ?? .upload
                var features = Set<TransferFeature>()
                for name in try names(member.value, "capabilities.\(member.key)") {
                    guard let feature = TransferFeature(rawValue: name), feature != .chunkSize || kind == .upload else {
                        throw DriverWire.Problem(description: "capabilities.\(member.key): unknown \"\(name)\"")
                    }
                    features.insert(feature)
                }
                capabilities.transfers[kind] = features
            case "operations":
                for name in try names(member.value, "capabilities.operations") {
                    guard let operation = DriverOperation(rawValue: name) else {
                        throw DriverWire.Problem(description: "capabilities.operations: unknown \"\(name)\"")
                    }
                    capabilities.operations.insert(operation)
                }
            case "faults": capabilities.faults = try flag(member.value, "faults")
            case "firedFaults": capabilities.firedFaults = try flag(member.value, "firedFaults")
            case "retryEvents": capabilities.retryEvents = try flag(member.value, "retryEvents")
            case "requestTimeout": capabilities.requestTimeout = try flag(member.value, "requestTimeout")
            case "errors":
                switch member.value.stringValue {
                case "own": capabilities.ownErrorWording = true
                case "apple": capabilities.ownErrorWording = false
                default: throw DriverWire.Problem(description: "capabilities.errors: expected \"own\" or \"apple\"")
                }
            case "references":
                switch member.value.stringValue {
                case "oneString": capabilities.oneStringReferences = true
                case "pathOrURL": capabilities.oneStringReferences = false
                default:
                    throw DriverWire.Problem(
                        description: "capabilities.references: expected \"oneString\" or \"pathOrURL\"")
                }
            case "reuse": capabilities.reusable = try flag(member.value, "reuse")
            case "exchanges": capabilities.exchanges = try flag(member.value, "exchanges")
            case "clock":
                switch member.value.stringValue {
                case "lent": capabilities.lentClock = true
                case "own": capabilities.lentClock = false
                default: throw DriverWire.Problem(description: "capabilities.clock: expected \"lent\" or \"own\"")
                }
            case "lockStep":
                // How the driver keeps lock step ("callback" or "request"): said for people, the same for the runner.
                guard member.value.stringValue != nil else {
                    throw DriverWire.Problem(description: "capabilities.lockStep: expected a string")
                }
            default:
                throw DriverWire.Problem(description: "capabilities: unknown \"\(member.key)\"")
            }
        }
        return capabilities
    }

    /// The protocol 2 object, for the project's own driver.
    package var protocol2Value: JSONValue {
        var members: [JSONValue.Member] = TransferKind.allCases.map { kind in
            .init(kind.rawValue, .array((transfers[kind] ?? []).sorted().map { .string($0.rawValue) }))
        }
        members += [
            .init("operations", .array(operations.sorted().map { .string($0.rawValue) })),
            .init("faults", .bool(faults)), .init("retryEvents", .bool(retryEvents)),
            .init("requestTimeout", .bool(requestTimeout)), .init("errors", .string(ownErrorWording ? "own" : "apple")),
            .init("references", .string(oneStringReferences ? "oneString" : "pathOrURL")),
            .init("lockStep", .string("callback")), .init("clock", .string(lentClock ? "lent" : "own")),
        ]
        if firedFaults { members.append(.init("firedFaults", .bool(true))) }
        if reusable { members.append(.init("reuse", .bool(true))) }
        if exchanges { members.append(.init("exchanges", .bool(true))) }
        return .object(members)
    }

    private static func names(_ value: JSONValue, _ what: String) throws(DriverWire.Problem) -> [String] {
        guard case .array(let elements) = value else {
            throw DriverWire.Problem(description: "\(what): expected a list")
        }
        var names: [String] = []
        for element in elements {
            guard let name = element.stringValue else {
                throw DriverWire.Problem(description: "\(what): expected names")
            }
            names.append(name)
        }
        return names
    }

    private static func flag(_ value: JSONValue, _ what: String) throws(DriverWire.Problem) -> Bool {
        guard case .bool(let flag) = value else {
            throw DriverWire.Problem(description: "capabilities.\(what): expected true or false")
        }
        return flag
    }
}
