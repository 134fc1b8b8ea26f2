import Foundation

/// Where a scenario failed and how, as an expectations manifest pins it: `step 4 (line 42) list: ListMismatch`,
/// `given: FixtureError`, `checks: TaskInvariant` or `scenario: TargetError`.
///
/// Two pins are the same failure when the place (the step's number and verb) and the kind agree. The line is
/// recorded for the reader and does not take part: an edit above the scenario moves its steps' lines without
/// changing how it fails (`--write-expectations` writes the new lines).
public struct FailurePin: Sendable, Equatable, CustomStringConvertible {
    /// Where in the scenario the failure happened.
    public enum Place: Sendable, Equatable {
        /// A step: its number in the scenario (from 1), its line in the file and its verb.
        case step(number: Int, line: Int, verb: String)
        /// Setting up `given:` (objects, rules, the user).
        case given
        /// The checks after the last step (every task ended, and ended well).
        case checks
        /// Before the scenario's own work: opening its session on the target, starting its driver.
        case scenario
    }

    public var place: Place
    public var kind: FailureKind

    public init(place: Place, kind: FailureKind) {
        self.place = place
        self.kind = kind
    }

    /// Whether `other` is the same failure: the same place (lines aside) and kind.
    public func matches(_ other: FailurePin) -> Bool {
        guard kind == other.kind else { return false }
        switch (place, other.place) {
        case (.step(let number, _, let verb), .step(let otherNumber, _, let otherVerb)):
            return number == otherNumber && verb == otherVerb
        default:
            return place == other.place
        }
    }

    public var description: String {
        switch place {
        case .step(let number, let line, let verb): "step \(number) (line \(line)) \(verb): \(kind.rawValue)"
        case .given: "given: \(kind.rawValue)"
        case .checks: "checks: \(kind.rawValue)"
        case .scenario: "scenario: \(kind.rawValue)"
        }
    }

    /// Reads what `description` writes; nil when `text` is not a pin.
    public init?(parsing text: String) {
        guard let colon = text.range(of: ": ", options: .backwards),
            let kind = FailureKind(rawValue: String(text[colon.upperBound...]).trimmingCharacters(in: .whitespaces))
        else { return nil }
        let head = text[..<colon.lowerBound].split(separator: " ")
        switch head.count {
        case 1 where head[0] == "given": place = .given
        case 1 where head[0] == "checks": place = .checks
        case 1 where head[0] == "scenario": place = .scenario
        case 5:
            guard head[0] == "step", let number = Int(head[1]), number >= 1, head[2] == "(line",
                head[3].hasSuffix(")"), let line = Int(head[3].dropLast()), line >= 1, !head[4].isEmpty
            else { return nil }
            place = .step(number: number, line: line, verb: String(head[4]))
        default:
            return nil
        }
        self.kind = kind
    }

    /// The forms a pin takes, for messages.
    static let grammar = "step N (line L) VERB: KIND, given: KIND, checks: KIND or scenario: KIND"
}
