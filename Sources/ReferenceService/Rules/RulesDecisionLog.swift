import SecurityRules
import Synchronization

/// The rules decisions made while it is bound as `current`: for one request, so that `serve --verbose` can log
/// why it was allowed or denied, or for one scenario, so that a failure can say what the rules decided.
///
/// Binding one is the caller's choice (`$current.withValue`); with none bound a decision is recorded nowhere.
public final class RulesDecisionLog: Sendable {
    /// Where the service records the decisions it makes on this task or thread.
    @TaskLocal public static var current: RulesDecisionLog?

    /// The decisions kept: the last ones, as a request makes few (a write that also decides whether its
    /// answer may show the object) and a failure is explained by the last.
    public static let kept = 4

    private let decisions = Mutex<[(method: RulesMethod, decision: RulesDecision)]>([])

    public init() {}

    func record(_ method: RulesMethod, _ decision: RulesDecision) {
        decisions.withLock { decisions in
            if decisions.count == Self.kept { decisions.removeFirst() }
            decisions.append((method, decision))
        }
    }

    /// The decisions recorded, oldest first (the last `kept`, a repeated one once), in words: `rules: get allowed by 'allow read' at
    /// storage.rules:6:3`, or `rules: denied: no allow grants the get of …` (a denial names its method).
    public var recorded: [String] {
        decisions.withLock { decisions in
            var words: [String] = []
            for (method, decision) in decisions {
                let said =
                    decision.allowed
                    ? "rules: \(method.rawValue) allowed by \(decision.explanation)"
                    : "rules: denied: \(decision.explanation)"
                // A write decided from its head and then whole says the same twice.
                if words.last != said { words.append(said) }
            }
            return words
        }
    }

    /// Every decision recorded in words, joined by `; `; nil when the rules decided nothing.
    public var note: String? {
        let recorded = recorded
        return recorded.isEmpty ? nil : recorded.joined(separator: "; ")
    }
}
