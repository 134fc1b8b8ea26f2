/// The scenarios an implementation is known to fail, with the reasons (`--expectations FILE`).
///
/// A listed scenario that fails is reported as skipped with its reason; one that passes, or an id that no
/// scenario has, fails the run.
public struct ExpectationsManifest: Sendable, Equatable {
    /// One listed scenario.
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var reason: String
        public var line: Int

        public init(id: String, reason: String, line: Int) {
            self.id = id
            self.reason = reason
            self.line = line
        }
    }

    public var path: String
    /// The implementation the manifest describes (`target:`), for people reading it.
    public var target: String?
    public var entries: [Entry]

    public init(path: String, target: String?, entries: [Entry]) {
        self.path = path
        self.target = target
        self.entries = entries
    }

    /// Reason by scenario id.
    public var failures: [String: String] {
        Dictionary(entries.map { ($0.id, $0.reason) }, uniquingKeysWith: { first, _ in first })
    }
}
