import Primitives
import StorageAPI
import YAMLReader

/// Reads `given.faults` (a list of faults) and `given.retry` (docs/scenario-language.md §11).
///
/// A fault names its request kind with `request:`, which of those requests with at most one of `nth: K`,
/// `first: K` and `every: true` (by default the first), and exactly one action: `status: N` (with an optional
/// `retryAfter:` in seconds and `body:` text), `reset: true`, `answerLost: true`, `misreport: SIZE` (queries only),
/// `corrupt: true` (downloads only), `dropRequest: SIZE` (chunks only), `dropResponse: SIZE` (downloads only)
/// or `stall: SECONDS`.
enum FaultDecoding {
    static func faults(_ node: YAMLNode, context: DecodingContext) -> [RequestFault] {
        guard let items = context.sequence(node, "faults") else { return [] }
        return items.compactMap { fault($0, context: context) }
    }

    /// The `fault:` step: one fault, or a list of them.
    static func step(_ node: YAMLNode, context: DecodingContext) -> [RequestFault]? {
        let errors = context.errorCount
        let decoded: [RequestFault]
        if case .sequence = node.value {
            decoded = faults(node, context: context)
        } else {
            decoded = fault(node, context: context).map { [$0] } ?? []
        }
        return context.errorCount == errors ? decoded : nil
    }

    static func retry(_ node: YAMLNode, context: DecodingContext) -> RetryTimes? {
        guard
            let fields = MappingFields(
                node, key: "retry", owner: "retry", allowed: LanguageKeys.retry, context: context)
        else { return nil }
        var times = RetryTimes()
        times.upload = fields["upload"].flatMap { seconds($0, "upload", context: context) }
        times.download = fields["download"].flatMap { seconds($0, "download", context: context) }
        times.operation = fields["operation"].flatMap { seconds($0, "operation", context: context) }
        times.timeout = fields["timeout"].flatMap { seconds($0, "timeout", context: context) }
        return times
    }

    static func fault(_ node: YAMLNode, context: DecodingContext) -> RequestFault? {
        guard
            let fields = MappingFields(
                node, key: "fault", owner: "a fault", allowed: LanguageKeys.fault, context: context)
        else { return nil }
        guard let onNode = fields["request"] else {
            context.error(
                "a fault needs request: one of \(RequestFault.Kind.allCases.map(\.rawValue).joined(separator: ", "))",
                at: node)
            return nil
        }
        guard let onText = context.string(onNode, "request") else { return nil }
        guard let kind = RequestFault.Kind(rawValue: onText) else {
            context.error(
                "request: unknown request kind \(YAMLNode.quoted(onText)) (expected one of: \(RequestFault.Kind.allCases.map(\.rawValue).joined(separator: ", ")))",
                at: onNode)
            return nil
        }
        guard let occurrence = occurrence(fields, at: node, context: context),
            let action = action(fields, kind: kind, at: node, context: context)
        else { return nil }
        return RequestFault(kind: kind, occurrence: occurrence, action: action)
    }

    private static func occurrence(_ fields: MappingFields, at node: YAMLNode, context: DecodingContext)
        -> RequestFault.Occurrence?
    {
        let given = LanguageKeys.faultSelection.dropFirst().filter { fields[$0] != nil }
        guard given.count <= 1 else {
            context.error(
                "a fault takes one of nth, first and every, found \(given.joined(separator: " and "))", at: node)
            return nil
        }
        switch given.first {
        case nil:
            return .nth(1)
        case "every":
            guard let value = fields["every"], case .bool(true) = value.value else {
                fields["every"].map { context.typeMismatch("every", expected: "true", found: $0) }
                return nil
            }
            return .every
        case let key?:
            guard let value = fields[key], let count = context.integer(value, key) else { return nil }
            guard (1...Int64(Int32.max)).contains(count) else {
                context.error("\(key): expected a count from 1 to \(Int32.max), found \(count)", at: value)
                return nil
            }
            return key == "nth" ? .nth(Int(count)) : .first(Int(count))
        }
    }

    private static func action(
        _ fields: MappingFields, kind: RequestFault.Kind, at node: YAMLNode, context: DecodingContext
    ) -> RequestFault.Action? {
        let given = LanguageKeys.faultActions.filter { fields[$0] != nil }
        guard given.count == 1, let key = given.first, let value = fields[key] else {
            context.error(
                "a fault takes exactly one of \(LanguageKeys.faultActions.joined(separator: ", "))"
                    + (given.isEmpty ? "" : ", found \(given.joined(separator: " and "))"), at: node)
            return nil
        }
        for extra in ["retryAfter", "body"] where fields[extra] != nil && key != "status" {
            context.error("\(extra) goes with status:, the answer that carries it", at: node)
            return nil
        }
        switch key {
        case "status":
            guard let status = context.integer(value, "status") else { return nil }
            guard (400...599).contains(status) else {
                context.error("status: expected an error status from 400 to 599, found \(status)", at: value)
                return nil
            }
            let retryAfter = fields["retryAfter"].flatMap { seconds($0, "retryAfter", context: context) }
            let body = fields["body"].flatMap { context.string($0, "body") }
            return .status(Int(status), retryAfter: retryAfter, body: body)
        case "misreport":
            guard kind == .query else {
                context.error("misreport: only a query answers a received size (request: query)", at: value)
                return nil
            }
            return ByteSize.bytes(value, "misreport", context: context).map { .misreport(receivedBytes: $0) }
        case "dropRequest":
            guard kind == .chunk || kind == .finalize else {
                context.error(
                    "dropRequest: only a chunk's body can be cut short (request: chunk or finalize); "
                        + "for other requests use reset: true (the service never sees it)", at: value)
                return nil
            }
            return ByteSize.bytes(value, "dropRequest", context: context).map { .dropRequest(afterBytes: $0) }
        case "dropResponse":
            guard kind == .download else {
                context.error(
                    "dropResponse: only a download's answer arrives in part (request: download); "
                        + "for other requests use answerLost: true (the service acts, the answer is lost)", at: value)
                return nil
            }
            return ByteSize.bytes(value, "dropResponse", context: context).map { .dropResponse(afterBytes: $0) }
        case "stall":
            return seconds(value, "stall", context: context).map { .stall(seconds: $0) }
        default:
            guard case .bool(true) = value.value else {
                context.typeMismatch(key, expected: "true", found: value)
                return nil
            }
            if key == "corrupt", kind != .download {
                context.error("corrupt: only a download's bytes can be corrupted (request: download)", at: value)
                return nil
            }
            return key == "reset" ? .reset : key == "answerLost" ? .answerLost : .corrupt
        }
    }

    /// The longest time a scenario may give: a day.
    static let longestSeconds: Double = 86_400

    /// A number of seconds (integer or decimal) from 0 to `longestSeconds`: what a driver is sent, and what a
    /// step may wait, stays finite.
    static func seconds(_ node: YAMLNode, _ key: String, context: DecodingContext) -> Double? {
        let value: Double
        switch node.value {
        case .int(let number): value = Double(number)
        case .float(let number): value = number
        default:
            context.typeMismatch(key, expected: "a number of seconds", found: node)
            return nil
        }
        guard CheckedNumber.seconds(value, upTo: Self.longestSeconds) != nil else {
            context.error(
                "\(key): expected a number of seconds from 0 to \(Int(Self.longestSeconds)), found \(value)", at: node)
            return nil
        }
        return value
    }
}
