/// What makes two mapping keys the same, as YAML loaders compare them: by resolved value, with `1`,
/// `1.0` and `true` equal (as in Python), and strings compared by their Unicode scalars.
enum KeyIdentity: Hashable {
    case null
    /// Integers, booleans (0 and 1) and floats with an integral value.
    case number(Int64)
    /// Other floats, by bit pattern.
    case float(UInt64)
    case string(ScalarString)

    /// `nil` for values that never collide (NaN) or cannot be keys (collections).
    init?(_ value: YAMLValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .number(bool ? 1 : 0)
        case .int(let int): self = .number(int)
        case .float(let double):
            if double.isNaN { return nil }
            if let integral = Int64(exactly: double) {
                self = .number(integral)
            } else {
                self = .float(double.bitPattern)
            }
        case .string(let string): self = .string(ScalarString(string))
        case .sequence, .mapping: return nil
        }
    }
}

/// A string compared by its Unicode scalars rather than by canonical equivalence.
struct ScalarString: Hashable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (left: ScalarString, right: ScalarString) -> Bool {
        // Canonically equivalent strings compare equal as `String`s; only then compare scalars.
        left.string == right.string && left.string.utf8.elementsEqual(right.string.utf8)
    }

    func hash(into hasher: inout Hasher) {
        // Consistent with `==`: scalar-equal strings are also `String`-equal.
        hasher.combine(string)
    }
}
