import Foundation
import Primitives
import ScenarioLanguage

/// What a driver can do beyond the protocol's core (references by path, uploads of data, downloads into
/// memory, their events in lock step), as its `hello` answer lists it (docs/driver-protocol.md §4). A
/// scenario that needs a capability the driver lacks is skipped with that reason, never passed.
enum DriverCapability: String, CaseIterable, Sendable {
    case events, putFile, writeToFile, pauseResume, cancel, observers, references, getMetadata, updateMetadata
    case delete, downloadURL, list, listAll, faults, retryEvents

    /// The capabilities `scenario` needs.
    static func needed(by scenario: Scenario) -> Set<DriverCapability> {
        var needed = Set<DriverCapability>()
        if scenario.hasFaults || scenario.given.retry.timeout != nil { needed.insert(.faults) }
        for step in scenario.steps {
            if case .retry? = step.trigger { needed.insert(.retryEvents) }
            if step.trigger != nil { needed.insert(.events) }
            if let expectation = step.expectation,
                expectation.events != nil || expectation.progress != nil || expectation.observers != nil
            {
                needed.insert(.events)
            }
            switch step.action {
            case .ref: needed.insert(.references)
            case .put(_, .file, _, _): needed.insert(.putFile)
            case .put, .getData, .await, .fault: break
            case .write: needed.insert(.writeToFile)
            case .pause, .resume: needed.formUnion([.pauseResume, .events])
            case .cancel: needed.formUnion([.cancel, .events])
            case .observe, .removeObserver, .removeAllObservers: needed.formUnion([.observers, .events])
            case .downloadURL: needed.insert(.downloadURL)
            case .list: needed.insert(.list)
            case .listAll: needed.insert(.listAll)
            case .getMetadata: needed.insert(.getMetadata)
            case .updateMetadata: needed.insert(.updateMetadata)
            case .delete: needed.insert(.delete)
            }
        }
        return needed
    }
}

/// A driver named by `run --driver CMD`: the command, and who it said it is when greeted once before the run.
public struct DriverSpec: Sendable {
    /// The protocol version this runner speaks.
    static let protocolVersion: Int64 = 1

    let command: String
    public let name: String
    public let version: String
    let capabilities: Set<DriverCapability>

    /// Why a driver could not be used at all.
    public struct ProbeFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts the driver once to learn its name, version and capabilities; the message says what went wrong.
    public static func probe(_ command: String, timeout: TimeInterval) throws(ProbeFailure) -> DriverSpec {
        let answer: JSONValue
        do throws(StepFailure) {
            let connection = try DriverConnection(command: command, timeout: timeout)
            defer { connection.close() }
            answer = try greet(connection)
        } catch {
            throw ProbeFailure(description: error.message)
        }
        var capabilities = Set<DriverCapability>()
        if case .array(let names)? = answer["capabilities"] {
            for name in names.compactMap(\.stringValue) {
                if let capability = DriverCapability(rawValue: name) { capabilities.insert(capability) }
            }
        }
        return DriverSpec(
            command: command, name: answer["name"]?.stringValue ?? command,
            version: answer["version"]?.stringValue ?? "?", capabilities: capabilities)
    }

    /// `hello`, and a check that the driver speaks this protocol version.
    static func greet(_ connection: DriverConnection) throws(StepFailure) -> JSONValue {
        switch try connection.request("hello", [.init("protocol", .number(String(protocolVersion)))]) {
        case .failure(let error):
            throw .error(.driverError, "driver `\(connection.command)` refused hello: \(error.description)")
        case .success(let answer):
            guard answer["protocol"]?.integerValue == protocolVersion else {
                throw .error(
                    .driverError,
                    "driver `\(connection.command)` speaks protocol \(answer["protocol"]?.text ?? "(none)"), "
                        + "this runner speaks \(protocolVersion)")
            }
            return answer
        }
    }

    /// Why this driver cannot run `scenario`, or nil when it can.
    func unmetCapabilities(of scenario: Scenario) -> String? {
        let missing = DriverCapability.needed(by: scenario).subtracting(capabilities).sorted {
            $0.rawValue < $1.rawValue
        }
        guard !missing.isEmpty else { return nil }
        return
            "the driver \(name) lacks \(missing.map(\.rawValue).joined(separator: ", ")) (docs/driver-protocol.md §4)"
    }
}
