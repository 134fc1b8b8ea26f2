import Foundation

/// Where a scenario failed and how, as an expectations manifest pins it: `step 4 (line 42) list: ListMismatch
/// [fields: items]`, `given: FixtureError []`, `checks: TaskInvariant []` or `scenario: TargetError []`.
///
/// Two pins are the same failure when the place (the step's number and verb), the kind and the fingerprint
/// agree. The line is recorded for the reader and does not take part: an edit above the scenario moves its
/// steps' lines without changing how it fails (`--write-expectations` writes the new lines). A pin written
/// before fingerprints existed has none and matches on place and kind alone.
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
    /// Nil for a pin written before fingerprints existed (an old manifest).
    public var fingerprint: FailureFingerprint?

    public init(place: Place, kind: FailureKind, fingerprint: FailureFingerprint? = nil) {
        self.place = place
        self.kind = kind
        self.fingerprint = fingerprint
    }

    /// Whether `other` (what happened) is the failure this pin describes: the same place (lines aside) and kind,
    /// and the same fingerprint unless this pin has none.
    public func matches(_ other: FailurePin) -> Bool {
        guard kind == other.kind else { return false }
        if let fingerprint, fingerprint != other.fingerprint { return false }
        switch (place, other.place) {
        case (.step(let number, _, let verb), .step(let otherNumber, _, let otherVerb)):
            return number == otherNumber && verb == otherVerb
        default:
            return place == other.place
        }
    }

    public var description: String {
        guard let fingerprint else { return placeAndKind }
        return "\(placeAndKind) \(fingerprint)"
    }

    /// The pin without its fingerprint: `step 4 (line 42) list: ListMismatch`.
    public var placeAndKind: String {
        switch place {
        case .step(let number, let line, let verb): "step \(number) (line \(line)) \(verb): \(kind.rawValue)"
        case .given: "given: \(kind.rawValue)"
        case .checks: "checks: \(kind.rawValue)"
        case .scenario: "scenario: \(kind.rawValue)"
        }
    }

    /// Reads what `description` writes; nil when `text` is not a pin.
    public init?(parsing whole: String) {
        var text = whole
        var fingerprint: FailureFingerprint?
        if whole.hasSuffix("]") {
            guard let open = whole.range(of: " ["),
                let parsed = FailureFingerprint(parsing: String(whole[whole.index(after: open.lowerBound)...]))
            else { return nil }
            fingerprint = parsed
            text = String(whole[..<open.lowerBound])
        }
        self.fingerprint = fingerprint
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
    package static let grammar =
        "step N (line L) VERB: KIND, given: KIND, checks: KIND or scenario: KIND, each with an optional [FINGERPRINT]"
}
