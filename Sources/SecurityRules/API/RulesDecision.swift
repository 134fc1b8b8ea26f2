/// Whether a request is allowed, and why, in one line fit for a transcript: the `allow` that granted it, or
/// what stood in the way (no matching `allow`, or the errors met evaluating the ones that matched).
public struct RulesDecision: Sendable, Equatable, CustomStringConvertible {
    public var allowed: Bool
    public var explanation: String
    /// The fields of `request.resource` the evaluated conditions read (every field when one read it whole, as
    /// `request.resource == x` or `debug(request)` do). A decision that read none of the fields a caller did not
    /// know yet holds whatever they turn out to be: a server can refuse a write from its head alone then.
    public var incomingFieldsRead: Set<RulesObjectField>

    public init(allowed: Bool, explanation: String, incomingFieldsRead: Set<RulesObjectField> = []) {
        self.allowed = allowed
        self.explanation = explanation
        self.incomingFieldsRead = incomingFieldsRead
    }

    public var description: String { (allowed ? "allowed: " : "denied: ") + explanation }
}
