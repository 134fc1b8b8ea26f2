/// Whether a request is allowed, and why, in one line fit for a transcript: the `allow` that granted it, or
/// what stood in the way (no matching `allow`, or the errors met evaluating the ones that matched).
public struct RulesDecision: Sendable, Equatable, CustomStringConvertible {
    public var allowed: Bool
    public var explanation: String

    public init(allowed: Bool, explanation: String) {
        self.allowed = allowed
        self.explanation = explanation
    }

    public var description: String { (allowed ? "allowed: " : "denied: ") + explanation }
}
