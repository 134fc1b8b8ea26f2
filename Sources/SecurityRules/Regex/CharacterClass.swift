/// A set of Unicode scalars as sorted, disjoint, non-adjacent closed ranges.
struct CharacterClass: Sendable, Hashable {
    private(set) var ranges: [ClosedRange<UInt32>]

    init(_ ranges: [ClosedRange<UInt32>] = []) {
        self.ranges = Self.normalized(ranges)
    }

    static let maximum: UInt32 = 0x10FFFF
    static let digits = CharacterClass([48...57])
    static let word = CharacterClass([48...57, 65...90, 95...95, 97...122])
    static let space = CharacterClass([9...10, 12...13, 32...32])
    static let anyButNewline = CharacterClass([0...9, 11...maximum])

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    var inverted: CharacterClass {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            if range.upperBound == Self.maximum { return CharacterClass(result) }
            next = range.upperBound + 1
        }
        result.append(next...Self.maximum)
        return CharacterClass(result)
    }

    func union(_ other: CharacterClass) -> CharacterClass { CharacterClass(ranges + other.ranges) }

    /// With the other case of every letter it holds (simple case mappings; ranges of more than 2,000 scalars are
    /// taken as they are).
    var caseFolded: CharacterClass {
        var extra: [ClosedRange<UInt32>] = []
        for range in ranges where range.count <= 2000 {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                for variant in Self.caseVariants(of: scalar) { extra.append(variant.value...variant.value) }
            }
        }
        return CharacterClass(ranges + extra)
    }

    static func caseVariants(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        let properties = scalar.properties
        return [properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping].compactMap {
            let scalars = $0.unicodeScalars
            return scalars.count == 1 && scalars.first != scalar ? scalars.first : nil
        }
    }

    private static func normalized(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var result: [ClosedRange<UInt32>] = []
        for range in sorted {
            if let last = result.last, range.lowerBound <= last.upperBound &+ 1, last.upperBound != maximum {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else if let last = result.last, last.upperBound == maximum {
                continue
            } else {
                result.append(range)
            }
        }
        return result
    }
}
