import Foundation

/// The globs of rule paths, matched in time linear in the product of glob and path lengths.
enum RulesGlob {
    /// One segment of a glob.
    enum Segment: Equatable {
        case literal(Substring)
        /// `*` or `{name}`.
        case one
        /// `**` or `{name=**}`.
        case any
    }

    /// Stands for the child of a listed folder: only `*` and `**` match it.
    static let anyChild: Substring = "\u{0}child"

    /// `users/{uid}/**` → literal, one, any; a variable named `owner.name` becomes the literal `owner.uid`.
    static func segments(of path: String, owner: (name: String, uid: String)?) -> [Segment] {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            switch segment {
            case "*": return .one
            case "**": return .any
            default:
                guard let variable = variable(in: segment) else { return .literal(segment) }
                if let owner, variable.name == owner.name { return .literal(Substring(owner.uid)) }
                return variable.many ? .any : .one
            }
        }
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

    /// Whether `glob` matches every path, whatever it is: `**` (the rules of a fresh bucket) and the like.
    static func matchesEverything(_ glob: [Segment]) -> Bool {
        !glob.isEmpty && glob.allSatisfy { $0 == .any }
    }

    /// Whether `path` matches `glob`: the glob positions reachable after each segment are tracked as a set
    /// (`any` may stay on its position or be skipped), never backtracked. With `lastIsAnyChild`, the last
    /// segment is a listed folder's unknown child, which no literal matches.
    static func matches(_ glob: [Segment], _ path: [Substring], lastIsAnyChild: Bool) -> Bool {
        var reachable = [Bool](repeating: false, count: glob.count + 1)
        reachable[0] = true
        skipAny(glob, &reachable)
        for (index, segment) in path.enumerated() {
            let isAnyChild = lastIsAnyChild && index == path.count - 1
            var next = [Bool](repeating: false, count: glob.count + 1)
            for position in glob.indices where reachable[position] {
                switch glob[position] {
                case .any: next[position] = true
                case .one: next[position + 1] = true
                case .literal(let text):
                    if !isAnyChild && text.utf8.elementsEqual(segment.utf8) { next[position + 1] = true }
                }
            }
            skipAny(glob, &next)
            guard next.contains(true) else { return false }
            reachable = next
        }
        return reachable[glob.count]
    }

    /// An `any` matches zero segments too: whatever reaches it also reaches the position after it.
    private static func skipAny(_ glob: [Segment], _ reachable: inout [Bool]) {
        for position in glob.indices where reachable[position] && glob[position] == .any {
            reachable[position + 1] = true
        }
    }
}
