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
            Self.matches(glob: entry.path.split(separator: "/", omittingEmptySubsequences: false), segments)
        }
    }

    /// Whether `segments` match `glob`, in time linear in their product: the glob positions reachable after
    /// each segment are tracked as a set (`**` may stay on its position or be skipped), never backtracked.
    private static func matches(glob: [Substring], _ segments: [Substring]) -> Bool {
        var reachable = [Bool](repeating: false, count: glob.count + 1)
        reachable[0] = true
        skipDoubleStars(glob, &reachable)
        for segment in segments {
            var next = [Bool](repeating: false, count: glob.count + 1)
            for position in glob.indices where reachable[position] {
                let pattern = glob[position]
                if pattern == "**" {
                    next[position] = true
                } else if pattern == "*" || pattern.utf8.elementsEqual(segment.utf8) {
                    next[position + 1] = true
                }
            }
            skipDoubleStars(glob, &next)
            guard next.contains(true) else { return false }
            reachable = next
        }
        return reachable[glob.count]
    }

    /// A `**` matches zero segments too: whatever reaches it also reaches the position after it.
    private static func skipDoubleStars(_ glob: [Substring], _ reachable: inout [Bool]) {
        for position in glob.indices where reachable[position] && glob[position] == "**" {
            reachable[position + 1] = true
        }
    }
}
