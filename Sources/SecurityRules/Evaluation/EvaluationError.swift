/// Why a condition could not be evaluated; it denies the `allow` it belongs to (unless `&&` or `||` decide
/// without it).
struct EvaluationError: Error, Sendable {
    var message: String
    var position: SourcePosition?
    /// A limit of the whole request (expressions evaluated, call depth): `&&` and `||` do not absorb it.
    var isLimit = false

    init(_ message: String, at position: SourcePosition? = nil, isLimit: Bool = false) {
        self.message = message
        self.position = position
        self.isLimit = isLimit
    }

    /// The same error, placed at `position` unless it already has a place.
    func placed(at position: SourcePosition) -> EvaluationError {
        var copy = self
        if copy.position == nil { copy.position = position }
        return copy
    }
}
