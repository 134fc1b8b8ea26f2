/// Why a decoder refused an object's metadata, for each dialect to say in its own error.
package struct ObjectFieldProblem: Error, Sendable, CustomStringConvertible {
    package enum Reason: Sendable {
        case missing
        /// The member is of another JSON type (`found` is `a number`, `an object`, …).
        case wrongType(expected: String, found: String)
        /// The member has the right type but not a value the field can hold (`found` is its text).
        case invalid(expected: String, found: String)
    }

    /// The member's name in the dialect.
    package var key: String
    /// The custom metadata key at fault, when it is one.
    package var entry: String?
    package var reason: Reason

    package init(_ key: String, entry: String? = nil, _ reason: Reason) {
        self.key = key
        self.entry = entry
        self.reason = reason
    }

    /// `size: expected an integer, found a string`.
    package var description: String {
        let path = entry.map { "\(key).\($0)" } ?? key
        switch reason {
        case .missing: return "\(path): missing"
        case .wrongType(let expected, let found): return "\(path): expected \(expected), found \(found)"
        case .invalid(let expected, let found): return "\(path): expected \(expected), found \(found)"
        }
    }
}
