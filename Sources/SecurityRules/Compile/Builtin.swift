/// The functions called by name (`int(x)`) or through a namespace (`math.abs(x)`), with their arities: the one
/// table the checker and the evaluator share.
enum Builtin: String, Sendable, CaseIterable {
    case int, float, string, bool, debug, path
    case timestampDate = "timestamp.date"
    case timestampValue = "timestamp.value"
    case durationValue = "duration.value"
    case durationTime = "duration.time"
    case durationAbs = "duration.abs"
    case mathAbs = "math.abs"
    case mathCeil = "math.ceil"
    case mathFloor = "math.floor"
    case mathIsInfinite = "math.isInfinite"
    case mathIsNaN = "math.isNaN"
    case mathPow = "math.pow"
    case mathRound = "math.round"
    case mathSqrt = "math.sqrt"
    case hashingCrc32 = "hashing.crc32"
    case hashingCrc32c = "hashing.crc32c"
    case hashingMd5 = "hashing.md5"
    case hashingSha256 = "hashing.sha256"
    /// Cross-service calls: accepted when the file loads, an error when evaluated (this engine has no Firestore).
    case firestoreGet = "firestore.get"
    case firestoreExists = "firestore.exists"

    var arity: Int {
        switch self {
        case .timestampDate: 3
        case .durationValue, .mathPow: 2
        case .durationTime: 4
        default: 1
        }
    }

    /// The namespaces a call like `math.abs(x)` goes through.
    static let namespaces: Set<String> = ["timestamp", "duration", "math", "hashing", "firestore"]
}

/// The methods called on a value (`name.size()`), with the argument counts each accepts on some type.
enum Method: String, Sendable, CaseIterable {
    case size, lower, upper, trim, matches, replace, split, toUtf8
    case hasAny, hasAll, hasOnly, join, concat, removeAll, toSet
    case keys, values, get, diff
    case union, intersection, difference
    case addedKeys, removedKeys, changedKeys, affectedKeys, unchangedKeys
    case year, month, day, hours, minutes, seconds, nanos, toMillis, date, time, dayOfWeek, dayOfYear
    case toBase64, toHexString

    var arity: Int {
        switch self {
        case .matches, .split, .hasAny, .hasAll, .hasOnly, .join, .concat, .removeAll, .diff, .union, .intersection,
            .difference:
            1
        case .replace, .get: 2
        default: 0
        }
    }
}
