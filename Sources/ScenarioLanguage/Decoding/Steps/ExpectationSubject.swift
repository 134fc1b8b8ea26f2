/// What a step's `expect:` is about, which decides the keys it accepts.
enum ExpectationSubject {
    case reference
    /// A task; its direction when known (an `await` of a name that is not defined has none).
    case transfer(NameScope.Direction?)
    case downloadURL
    case list
    case metadata
    /// delete: only whether it failed.
    case outcome

    var keys: [String] {
        switch self {
        case .reference: ["fullPath", "name", "bucket", "description", "equals", "error"]
        case .transfer:
            ["events", "metadata", "data", "size", "sha256", "progress", "error", "observer"] + Self.observedKeys
        case .downloadURL: ["matches", "error"] + Self.observedKeys
        case .list: ["prefixes", "items", "pageToken", "error"] + Self.observedKeys
        case .metadata: ["metadata", "error"] + Self.observedKeys
        case .outcome: ["error"] + Self.observedKeys
        }
    }

    /// What the target saw of a step that sends requests, and how long it took on the client's clock.
    static let observedKeys = ["requests", "sequence", "took"]

    /// Keys that describe a success, so they cannot stand next to `error:`.
    static let successKeys: Set<String> = [
        "fullPath", "name", "bucket", "description", "equals", "metadata", "data", "size", "sha256", "matches",
        "prefixes", "items", "pageToken",
    ]
}
