import Primitives

/// Faults as JSON, both ways: what the driver protocol sends a driver and what `serve`'s fault-plan route takes.
/// `{"request": KIND, "nth": K | "first": K | "every": true, ACTION}` where ACTION is one of `"status": N` (with
/// `"retryAfter"` seconds and `"body"`), `"reset": true`, `"answerLost": true`, `"corrupt": true`,
/// `"misreport": BYTES`, `"dropRequest": BYTES`, `"dropResponse": BYTES`, `"stall": SECONDS` (with
/// `"afterBytes"`); `"operation": NAME` stands for `"request"` to target a GCS operation.
package enum RequestFaultJSON {
    /// Why a fault could not be read, naming the field.
    package struct Problem: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// Occurrences are at most this, as a scenario's counts.
    static let largestCount = Int64(Int32.max)
    /// Sizes are at most the largest object.
    static let largestSize = CheckedNumber.largestObject
    /// Seconds (stalls, `Retry-After`) are at most a day.
    static let longestSeconds: Double = 86_400

    package static func encode(_ fault: RequestFault) -> JSONValue {
        var members: [JSONValue.Member] = []
        switch fault.target {
        case .kind(let kind): members.append(.init("request", .string(kind.rawValue)))
        case .operation(let operation): members.append(.init("operation", .string(operation)))
        }
        switch fault.occurrence {
        case .nth(let index): members.append(.init("nth", .number(String(index))))
        case .first(let count): members.append(.init("first", .number(String(count))))
        case .every: members.append(.init("every", .bool(true)))
        }
        switch fault.action {
        case .status(let status, let retryAfter, let body):
            members.append(.init("status", .number(String(status))))
            if let retryAfter { members.append(.init("retryAfter", .number(String(retryAfter)))) }
            if let body { members.append(.init("body", .string(body))) }
        case .statusAfterRequestBytes(let status, let size):
            members.append(.init("status", .number(String(status))))
            members.append(.init("afterBytes", .number(String(size))))
        case .reset: members.append(.init("reset", .bool(true)))
        case .answerLost: members.append(.init("answerLost", .bool(true)))
        case .corrupt: members.append(.init("corrupt", .bool(true)))
        case .misreport(let size): members.append(.init("misreport", .number(String(size))))
        case .dropRequest(let size): members.append(.init("dropRequest", .number(String(size))))
        case .dropResponse(let size):
            members.append(.init("dropResponse", size.map { .number(String($0)) } ?? .string("half")))
        case .stall(let seconds, let size):
            members.append(.init("stall", .number(String(seconds))))
            if size > 0 { members.append(.init("afterBytes", .number(String(size)))) }
        }
        return .object(members)
    }

    package static func decode(_ value: JSONValue) throws(Problem) -> RequestFault {
        guard case .object = value else { throw Problem(description: "a fault must be an object") }
        let target: RequestFault.Target
        if let operation = value["operation"]?.stringValue {
            target = .operation(operation)
        } else if let name = value["request"]?.stringValue {
            guard let kind = RequestFault.Kind(rawValue: name) else {
                throw Problem(
                    description: "request: unknown kind \(name) (expected "
                        + RequestFault.Kind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            target = .kind(kind)
        } else {
            throw Problem(description: "a fault names its request (request: KIND)")
        }
        let occurrence: RequestFault.Occurrence
        if value["nth"] != nil {
            occurrence = .nth(Int(try integer(value, "nth", in: 1...largestCount)))
        } else if value["first"] != nil {
            occurrence = .first(Int(try integer(value, "first", in: 1...largestCount)))
        } else {
            occurrence = value["every"] == nil ? .nth(1) : .every
        }
        return RequestFault(target: target, occurrence: occurrence, action: try action(value))
    }

    /// A list of faults.
    package static func decodeList(_ value: JSONValue?) throws(Problem) -> [RequestFault] {
        guard case .array(let items)? = value else { throw Problem(description: "faults: expected a list") }
        var faults: [RequestFault] = []
        for (index, item) in items.enumerated() {
            do {
                faults.append(try decode(item))
            } catch {
                throw Problem(description: "faults[\(index)]: \(error.description)")
            }
        }
        return faults
    }

    private static func action(_ value: JSONValue) throws(Problem) -> RequestFault.Action {
        if value["status"] != nil {
            let status = Int(try integer(value, "status", in: 100...599))
            if value["afterBytes"] != nil {
                return .statusAfterRequestBytes(
                    status, afterBytes: try integer(value, "afterBytes", in: 0...largestSize))
            }
            let retryAfter = value["retryAfter"] == nil ? nil : try seconds(value, "retryAfter")
            return .status(status, retryAfter: retryAfter, body: try optionalString(value, "body"))
        }
        if value["misreport"] != nil {
            return .misreport(receivedBytes: try integer(value, "misreport", in: 0...largestSize))
        }
        if value["dropRequest"] != nil {
            return .dropRequest(afterBytes: try integer(value, "dropRequest", in: 0...largestSize))
        }
        if let drop = value["dropResponse"] {
            if drop.stringValue == "half" { return .dropResponse(afterBytes: nil) }
            return .dropResponse(afterBytes: try integer(value, "dropResponse", in: 0...largestSize))
        }
        if value["stall"] != nil {
            let size = value["afterBytes"] == nil ? 0 : try integer(value, "afterBytes", in: 0...largestSize)
            return .stall(seconds: try seconds(value, "stall"), afterBytes: size)
        }
        for (key, action) in [("reset", RequestFault.Action.reset), ("answerLost", .answerLost), ("corrupt", .corrupt)]
        where value[key] != nil {
            return action
        }
        throw Problem(
            description:
                "a fault needs an action (status, reset, answerLost, corrupt, misreport, dropRequest, dropResponse or stall)"
        )
    }

    private static func integer(_ value: JSONValue, _ key: String, in range: ClosedRange<Int64>) throws(Problem)
        -> Int64
    {
        guard let number = value[key]?.integerValue, range.contains(number) else {
            throw Problem(
                description: "\(key): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    private static func seconds(_ value: JSONValue, _ key: String) throws(Problem) -> Double {
        guard case .number(let text)? = value[key],
            let number = Double(text).flatMap({ CheckedNumber.seconds($0, upTo: longestSeconds) })
        else {
            throw Problem(description: "\(key): expected seconds from 0 to \(Int(longestSeconds))")
        }
        return number
    }

    private static func optionalString(_ value: JSONValue, _ key: String) throws(Problem) -> String? {
        switch value[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw Problem(description: "\(key): expected a string, found \(other.kindDescription)")
        }
    }
}
