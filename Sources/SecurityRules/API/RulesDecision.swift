/// Whether a request is allowed, and why, in one line fit for a transcript: the `allow` that granted it, or
/// what stood in the way (no matching `allow`, or the errors met evaluating the ones that matched).
public struct RulesDecision: Sendable, Equatable, CustomStringConvertible {
    public var allowed: Bool
    /// The names of the fields of `request.resource` the evaluated conditions read (every field when one read it whole, as
    /// `debug(request)` does). A decision that read none of the fields a caller did not know yet holds whatever
    /// they turn out to be: a server can refuse a write from its head alone then.
    public var incomingFieldsRead: Set<String>
    private var reason: Reason

    /// Why, kept in parts for a grant (the common answer, whose words most callers never read).
    private enum Reason: Sendable, Equatable {
        case text(String)
        case granted(allow: String, source: RulesSource, line: Int32, column: Int32)
    }

    public init(allowed: Bool, explanation: String, incomingFieldsRead: Set<String> = []) {
        self.allowed = allowed
        reason = .text(explanation)
        self.incomingFieldsRead = incomingFieldsRead
    }

    /// A grant by the `allow` written `allow` at `line:column` of `source`.
    init(grantedBy allow: String, source: RulesSource, line: Int32, column: Int32, incomingFieldsRead: Set<String>) {
        allowed = true
        reason = .granted(allow: allow, source: source, line: line, column: column)
        self.incomingFieldsRead = incomingFieldsRead
    }

    /// `'allow read' at storage.rules:6:3`, or what stood in the way.
    public var explanation: String {
        switch reason {
        case .text(let text): text
        case .granted(let allow, let source, let line, let column):
            "'\(allow)' at \(source.place(line: Int(line), column: Int(column)))"
        }
    }

    public var description: String { (allowed ? "allowed: " : "denied: ") + explanation }

    public static func == (lhs: RulesDecision, rhs: RulesDecision) -> Bool {
        lhs.allowed == rhs.allowed && lhs.explanation == rhs.explanation
            && lhs.incomingFieldsRead == rhs.incomingFieldsRead
    }
}
