/// Security rules in the scenario language's model: a request is allowed when any entry allows it.
///
/// Paths are object names split at `/`; in a glob, a `*` segment matches one segment and a `**` segment
/// any number of them (zero included). Rules version 1 denies every list (the list-files guide).
public struct StorageRules: Sendable, Equatable {
    /// What a request does, for the rules.
    public enum Operation: String, Sendable, CaseIterable {
        /// getData, write(toFile:), getMetadata, downloadURL.
        case read
        /// put, updateMetadata, delete.
        case write
        case list
    }

    /// One `allow` entry.
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var operations: Set<Operation>
        /// `if: signedIn`: the entry applies only to a signed-in user.
        public var requiresSignIn: Bool

        public init(path: String, operations: Set<Operation>, requiresSignIn: Bool = false) {
            self.path = path
            self.operations = operations
            self.requiresSignIn = requiresSignIn
        }
    }

    public var version: Int
    public var entries: [Entry]

    public init(version: Int = 2, entries: [Entry]) {
        self.version = version
        self.entries = entries
    }

    /// Everything allowed to everyone: the default of a fresh bucket.
    public static let allowAll = StorageRules(entries: [Entry(path: "**", operations: Set(Operation.allCases))])

    /// Whether `operation` on `path` is allowed; for a list, `path` is the prefix without its trailing `/`.
    public func allows(_ operation: Operation, path: String, signedIn: Bool) -> Bool {
        if operation == .list && version < 2 { return false }
        let candidates = entries.filter { $0.operations.contains(operation) && (signedIn || !$0.requiresSignIn) }
        if candidates.contains(where: { $0.path == "**" }) { return true }
        let segments = path.isEmpty ? [] : path.split(separator: "/", omittingEmptySubsequences: false)
        return candidates.contains { entry in
            Self.matches(glob: entry.path.split(separator: "/", omittingEmptySubsequences: false)[...], segments[...])
        }
    }

    private static func matches(glob: ArraySlice<Substring>, _ segments: ArraySlice<Substring>) -> Bool {
        guard let first = glob.first else { return segments.isEmpty }
        if first == "**" {
            let rest = glob.dropFirst()
            var tail = segments
            while true {
                if matches(glob: rest, tail) { return true }
                if tail.isEmpty { return false }
                tail = tail.dropFirst()
            }
        }
        guard let segment = segments.first else { return false }
        guard first == "*" || first.utf8.elementsEqual(segment.utf8) else { return false }
        return matches(glob: glob.dropFirst(), segments.dropFirst())
    }
}
