/// The methods of values (`name.size()`, `list.hasAny(…)`), dispatched on the receiver's type.
enum Methods {
    /// `regex` is the pattern compiled when the file loaded, when the call gave it as a literal.
    static func call(
        _ method: Method, on receiver: Value, _ arguments: [Value], regex: RulesRegex?, budget: inout Budget
    ) throws(EvaluationError) -> Value {
        switch receiver {
        case .string(let text): return try Strings.method(method, of: text, arguments, regex: regex, budget: &budget)
        case .list(let items): return try Collections.method(method, of: items, arguments)
        case .set(let items): return try Collections.method(method, of: items, arguments)
        case .map(let entries): return try Collections.method(method, of: entries, arguments)
        case .mapDiff(let diff): return try Collections.method(method, of: diff)
        case .timestamp(let time): return try Time.method(method, of: time)
        case .duration(let span): return try Time.method(method, of: span)
        case .bytes(let bytes):
            switch method {
            case .size: return .int(Int64(bytes.count))
            case .toBase64: return .string(Strings.base64(bytes))
            case .toHexString: return .string(bytes.map { Strings.hex($0) }.joined())
            default: break
            }
        case .path(let text):
            if method == .size {
                return .int(Int64(text.split(separator: "/", omittingEmptySubsequences: true).count))
            }
        case .null:
            throw EvaluationError("cannot call '\(method.rawValue)' on null")
        default:
            break
        }
        throw EvaluationError("\(receiver.typeName) has no method '\(method.rawValue)'")
    }
}
