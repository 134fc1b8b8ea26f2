/// What identifies a failure beyond its place and kind, normalised so that the same misbehaviour gives the same
/// fingerprint on every run: the first event that differed from the scenario's pattern, the fields that differed,
/// the error code and the HTTP status of the answer behind it. A pin writes it in brackets after the kind:
/// `step 3 (line 27) put: EventMismatch [event 2: failure(unauthorized) expected success; error unauthorized;
/// status 403]`. `[]` is a fingerprint with nothing beyond the kind (a step timeout, a missing error).
///
/// It is computed from the structured failure (the `StorageError`, the compared field, the event list), never from
/// the human message, so rewording a message never changes a pin and a different answer always does.
public struct FailureFingerprint: Sendable, Equatable, CustomStringConvertible {
    /// The first task event that no continuation of the scenario's pattern accepts.
    public struct EventDifference: Sendable, Equatable, CustomStringConvertible {
        /// Its position in the task's events, from 1.
        public var index: Int
        /// The event as it came (status, and for a failure its code; progress counts left out), or `(end)` when
        /// the events stopped where the pattern wanted more.
        public var actual: String
        /// What the pattern accepted there, alternatives sorted and joined with `|`; `(end)` when it wanted none.
        public var expected: String

        public init(index: Int, actual: String, expected: String) {
            self.index = index
            self.actual = actual
            self.expected = expected
        }

        public var description: String { "event \(index): \(actual) expected \(expected)" }
    }

    public var event: EventDifference?
    /// The compared fields that differed (`metageneration`, `customMetadata.activity`, `items`, `size`).
    public var fields: [String]
    /// The storage error code the step or task ended with (`objectNotFound`), when it ended with one.
    public var error: String?
    /// The HTTP status of the answer behind that error, when the service answered.
    public var status: Int?

    public init(event: EventDifference? = nil, fields: [String] = [], error: String? = nil, status: Int? = nil) {
        self.event = event
        self.fields = fields
        self.error = error
        self.status = status
    }

    public var description: String {
        var parts: [String] = []
        if let event { parts.append(event.description) }
        if !fields.isEmpty { parts.append("fields: " + fields.joined(separator: ", ")) }
        if let error { parts.append("error \(error)") }
        if let status { parts.append("status \(status)") }
        return "[" + parts.joined(separator: "; ") + "]"
    }

    /// Reads what `description` writes (with its brackets); nil when `text` is not a fingerprint.
    public init?(parsing text: String) {
        guard text.hasPrefix("["), text.hasSuffix("]") else { return nil }
        let body = text.dropFirst().dropLast()
        self.init()
        guard !body.isEmpty else { return }
        for part in body.components(separatedBy: "; ") {
            if part.hasPrefix("status ") {
                guard status == nil, let number = Int(part.dropFirst(7)), (100...599).contains(number) else {
                    return nil
                }
                status = number
            } else if part.hasPrefix("error ") {
                let name = String(part.dropFirst(6))
                guard error == nil, !name.isEmpty, !name.contains(" ") else { return nil }
                error = name
            } else if part.hasPrefix("fields: ") {
                let names = part.dropFirst(8).components(separatedBy: ", ")
                guard fields.isEmpty, !names.contains(where: \.isEmpty) else { return nil }
                fields = names
            } else if part.hasPrefix("event ") {
                guard event == nil, let parsed = Self.event(part.dropFirst(6)) else { return nil }
                event = parsed
            } else {
                return nil
            }
        }
    }

    /// `2: failure(unauthorized) expected success` into its three parts.
    private static func event(_ text: Substring) -> EventDifference? {
        guard let colon = text.range(of: ": "), let index = Int(text[..<colon.lowerBound]), index >= 1,
            let expected = text.range(of: " expected ", range: colon.upperBound..<text.endIndex)
        else { return nil }
        let actual = String(text[colon.upperBound..<expected.lowerBound])
        let wanted = String(text[expected.upperBound...])
        guard !actual.isEmpty, !wanted.isEmpty else { return nil }
        return EventDifference(index: index, actual: actual, expected: wanted)
    }
}
