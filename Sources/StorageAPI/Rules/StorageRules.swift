import Foundation

/// The scenario language's shorthand for security rules (`allow: [{path, ops, if}]`): a request is allowed when
/// any entry allows it. It is not decided on its own: `source` writes it as a rules file, which the one rules
/// engine (the SecurityRules target) decides like any other.
///
/// Paths are object names split at `/`. In a glob, a `*` segment matches one segment and a `**` segment any
/// number of them (zero included; under version 1 one or more, and only as the last segment, as Firebase's
/// version 1 has it); `{name}` matches one segment and `{name=**}` any number, binding them to `name` for a
/// condition. As in Firebase Security Rules, a list of folder F is decided by the entries that match F's
/// children (`F/{child}`): `*` or `**` where the child is, never a literal name. Rules version 1 denies every
/// list (the list-files guide).
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
            guard sides.count == 2, sides[0] == "request.auth.uid", StorageRules.isVariableName(sides[1]) else {
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
        public var path: String
        public var operations: Set<Operation>
        /// `if:`: the entry applies only when the condition holds; nil applies to everyone.
        public var condition: Condition?

        public init(path: String, operations: Set<Operation>, condition: Condition? = nil) {
            self.path = path
            self.operations = operations
            self.condition = condition
        }

        public init(path: String, operations: Set<Operation>, requiresSignIn: Bool) {
            self.init(path: path, operations: operations, condition: requiresSignIn ? .signedIn : nil)
        }

        /// Whether the path binds `name` (`{name}` or `{name=**}`), as `request.auth.uid == name` needs.
        public func binds(_ name: String) -> Bool {
            path.split(separator: "/", omittingEmptySubsequences: false).contains {
                StorageRules.variable(in: $0)?.name == name
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

    /// Whether `segment` is `{name}` or `{name=**}`.
    public static func isPathVariable(_ segment: Substring) -> Bool {
        variable(in: segment) != nil
    }

    /// `{name}` → (name, false), `{name=**}` → (name, true); nil for any other segment.
    static func variable(in segment: Substring) -> (name: String, many: Bool)? {
        guard segment.hasPrefix("{"), segment.hasSuffix("}") else { return nil }
        let inner = segment.dropFirst().dropLast()
        let many = inner.hasSuffix("=**")
        let name = String(many ? inner.dropLast(3) : inner)
        return isVariableName(name) ? (name, many) : nil
    }

    static func isVariableName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, CharacterSet.letters.contains(first) || first == "_" else {
            return false
        }
        return text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" }
    }
}
