import Foundation

/// Security rules in the scenario language's model: a request is allowed when any entry allows it.
///
/// Paths are object names split at `/`. In a glob, a `*` segment matches one segment and a `**` segment any
/// number of them (zero included); `{name}` matches one segment and `{name=**}` any number, binding them to
/// `name` for a condition. As in Firebase Security Rules, a list of folder F is decided by the entries that
/// match F's children (`F/{child}`): `*` or `**` where the child is, never a literal name. Rules version 1
/// denies every list (the list-files guide).
public struct StorageRules: Sendable, Equatable {
    /// What a request does, for the rules.
    public enum Operation: String, Sendable, CaseIterable {
        /// getData, write(toFile:), getMetadata, downloadURL.
        case read
        /// put, updateMetadata, delete.
        case write
        case list
    }

    /// When an entry applies, written as in the scenario language and the rules JSON.
    public enum Condition: Sendable, Equatable {
        /// `signedIn`: to any signed-in user.
        case signedIn
        /// `request.auth.uid == NAME`: to the signed-in user whose uid is the segment the path binds to `NAME`.
        case userIs(String)

        /// Reads `signedIn` or `request.auth.uid == NAME`; nil for anything else.
        public init?(_ text: String) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed == "signedIn" {
                self = .signedIn
                return
            }
            let sides = trimmed.components(separatedBy: "==").map { $0.trimmingCharacters(in: .whitespaces) }
            guard sides.count == 2, sides[0] == "request.auth.uid", RulesGlob.isVariableName(sides[1]) else {
                return nil
            }
            self = .userIs(sides[1])
        }

        public var text: String {
            switch self {
            case .signedIn: "signedIn"
            case .userIs(let name): "request.auth.uid == \(name)"
            }
        }

        /// The forms a condition can take, for messages.
        public static let forms = "signedIn or request.auth.uid == NAME (NAME bound by {NAME} in the path)"
    }

    /// One `allow` entry.
    public struct Entry: Sendable, Equatable {
        public var path: String {
            didSet { glob = RulesGlob.segments(of: path, owner: nil) }
        }
        public var operations: Set<Operation>
        /// `if:`: the entry applies only when the condition holds; nil applies to everyone.
        public var condition: Condition?
        /// The path's glob, parsed once: what applies to every caller when no condition names a variable.
        private var glob: [RulesGlob.Segment]

        public init(path: String, operations: Set<Operation>, condition: Condition? = nil) {
            self.path = path
            self.operations = operations
            self.condition = condition
            glob = RulesGlob.segments(of: path, owner: nil)
        }

        public init(path: String, operations: Set<Operation>, requiresSignIn: Bool) {
            self.init(path: path, operations: operations, condition: requiresSignIn ? .signedIn : nil)
        }

        /// Whether the path binds `name` (`{name}` or `{name=**}`), as `request.auth.uid == name` needs.
        public func binds(_ name: String) -> Bool {
            path.split(separator: "/", omittingEmptySubsequences: false).contains {
                RulesGlob.variable(in: $0)?.name == name
            }
        }

        /// The glob with this entry's condition applied for `uid` (nil: signed out); nil when it does not apply
        /// (a condition on a variable the path does not bind never holds).
        func glob(for uid: String?) -> [RulesGlob.Segment]? {
            switch condition {
            case nil: return glob
            case .signedIn: return uid == nil ? nil : glob
            case .userIs(let name):
                guard let uid, binds(name) else { return nil }
                return RulesGlob.segments(of: path, owner: (name, uid))
            }
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

    /// Whether `operation` on `path` is allowed for the user `uid` (nil: signed out); for a list, `path` is the
    /// folder listed (the prefix without its trailing `/`), decided by the entries that match its children.
    public func allows(_ operation: Operation, path: String, uid: String?) -> Bool {
        if operation == .list && version < 2 { return false }
        var segments: [Substring]?  // split when a glob first needs them
        return entries.contains { entry in
            guard entry.operations.contains(operation), let glob = entry.glob(for: uid) else { return false }
            if RulesGlob.matchesEverything(glob) { return true }
            let split = segments ?? Self.segments(of: path, listing: operation == .list)
            segments = split
            return RulesGlob.matches(glob, split, lastIsAnyChild: operation == .list)
        }
    }

    /// The path's segments (split as bytes: faster than by characters), and a listed folder's unknown child.
    private static func segments(of path: String, listing: Bool) -> [Substring] {
        var segments =
            path.isEmpty
            ? [] : path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Substring.init)
        if listing { segments.append(RulesGlob.anyChild) }
        return segments
    }

    /// Whether `segment` is `{name}` or `{name=**}`.
    public static func isPathVariable(_ segment: Substring) -> Bool {
        RulesGlob.variable(in: segment) != nil
    }
}
