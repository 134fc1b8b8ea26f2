import Primitives
import YAMLReader

/// Sizes in scenarios: an integer number of bytes, or a string with a unit.
///
/// Decisions where docs/scenario-language.md is silent:
/// - Units are `B`, `KB`, `MB`, `GB` (powers of 1000) and `KiB`, `MiB`, `GiB` (powers of 1024), spelt
///   exactly so: `kib` or `mb` are errors with a suggestion, because `mb` could mean either.
/// - A string without a unit (`"17"`) is bytes; spaces between number and unit are allowed (`1 MiB`).
/// - A decimal fraction is allowed when the result is a whole number of bytes (`1.5MB`, `1.5KiB`);
///   `1.3B` or `0.1KiB` are errors, as are negatives, floats written as YAML numbers, and sizes above
///   `Int64.max` bytes.
/// - `N%` (0 to 100, fraction allowed) only where a percentage makes sense: `when: { progress: … }`.
package enum ByteSize {
    /// A size as the command line takes it (no percentage): bytes, or nil when the text is not a size.
    package static func bytes(_ text: String) -> Int64? {
        guard case .success(.bytes(let count)) = parse(text, allowsPercent: false) else { return nil }
        return count
    }

    /// A size that was read: bytes, or a percentage where one is allowed.
    enum Amount: Equatable {
        case bytes(Int64)
        case percent(Double)
    }

    static let units: [(name: String, factor: UInt128)] = [
        ("B", 1), ("KB", 1000), ("MB", 1_000_000), ("GB", 1_000_000_000),
        ("KiB", 1024), ("MiB", 1024 * 1024), ("GiB", 1024 * 1024 * 1024),
    ]

    /// Reads a size in bytes from `node`; reports problems at it.
    static func bytes(_ node: YAMLNode, _ key: String, maximum: Int64 = .max, context: DecodingContext) -> Int64? {
        guard case .bytes(let count)? = amount(node, key, allowsPercent: false, context: context) else { return nil }
        guard count <= maximum else {
            context.error("\(key): \(node.keyText) is more than the \(describe(maximum)) allowed here", at: node)
            return nil
        }
        return count
    }

    /// Reads a size or (when `allowsPercent`) a percentage from `node`; reports problems at it.
    static func amount(_ node: YAMLNode, _ key: String, allowsPercent: Bool, context: DecodingContext) -> Amount? {
        switch node.value {
        case .int(let number):
            guard number >= 0 else {
                context.error("\(key): a size may not be negative, found \(number)", at: node)
                return nil
            }
            return .bytes(number)
        case .string(let text):
            switch parse(text, allowsPercent: allowsPercent) {
            case .success(let amount): return amount
            case .failure(let problem):
                context.error("\(key): \(problem.message)", at: node)
                return nil
            }
        default:
            context.typeMismatch(
                key, expected: allowsPercent ? "a size like 256KiB or a percentage like 50%" : "a size like 256KiB",
                found: node)
            return nil
        }
    }

    /// Why a size string could not be read.
    struct Problem: Error, Equatable {
        var message: String
    }

    /// Parses `17`, `256KiB`, `1.5MB`, `1 MiB` and (when allowed) `50%`.
    static func parse(_ text: String, allowsPercent: Bool) -> Result<Amount, Problem> {
        var written: String { YAMLNode.quoted(text) }
        var expected: String { allowsPercent ? "a size like 256KiB or a percentage like 50%" : "a size like 256KiB" }
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        func isDigit(_ index: Int) -> Bool { index < end && bytes[index] >= 0x30 && bytes[index] <= 0x39 }
        if start < end, bytes[start] == UInt8(ascii: "-"), isDigit(start + 1) {
            return .failure(Problem(message: "a size may not be negative, found \(written)"))
        }
        var index = start
        while isDigit(index) { index += 1 }
        let integer = start..<index
        var fraction = index..<index
        var hasPoint = false
        if index < end, bytes[index] == UInt8(ascii: ".") {
            hasPoint = true
            index += 1
            let fractionStart = index
            while isDigit(index) { index += 1 }
            fraction = fractionStart..<index
        }
        guard !integer.isEmpty, !hasPoint || !fraction.isEmpty else {
            return .failure(Problem(message: "expected \(expected), found \(written)"))
        }
        let numberEnd = index
        while index < end, bytes[index] == 0x20 { index += 1 }
        let unit = String(decoding: bytes[index..<end], as: UTF8.self)
        if unit == "%" {
            guard allowsPercent else {
                return .failure(
                    Problem(message: "a percentage is only allowed in when: { progress: … }, found \(written)"))
            }
            guard let percent = Double(String(decoding: bytes[start..<numberEnd], as: UTF8.self)), percent <= 100 else {
                return .failure(Problem(message: "a percentage must be between 0% and 100%, found \(written)"))
            }
            return .success(.percent(percent))
        }
        let factor: UInt128
        if unit.isEmpty {
            factor = 1
        } else if let match = units.first(where: { $0.name == unit }) {
            factor = match.factor
        } else {
            // A word close to a unit, or short like one, is a unit typo; anything else is not a size.
            let names = units.map(\.name)
            let suggestion = Suggestion.closest(to: unit, in: names)
            let looksLikeUnit = unit.count <= 3 && unit.unicodeScalars.allSatisfy { $0.properties.isAlphabetic }
            guard suggestion != nil || looksLikeUnit else {
                return .failure(Problem(message: "expected \(expected), found \(written)"))
            }
            let hint = suggestion.map { "did you mean \($0)? " } ?? ""
            return .failure(
                Problem(
                    message: "unknown unit \"\(unit)\" in \(written) (\(hint)units: \(names.joined(separator: ", ")))"))
        }
        var significantFraction = fraction
        while let last = significantFraction.last, bytes[last] == 0x30 {
            significantFraction = significantFraction.dropLast()
        }
        return count(digits: bytes, integer: integer, fraction: significantFraction, factor: factor, text: text).map {
            .bytes($0)
        }
    }

    /// (integer + fraction) × factor, which must be a whole number of bytes that fits in Int64.
    private static func count(
        digits: [UInt8], integer: Range<Int>, fraction: Range<Int>, factor: UInt128, text: String
    ) -> Result<Int64, Problem> {
        var written: String { YAMLNode.quoted(text) }
        var tooLarge: Problem { Problem(message: "\(written) is too large (at most \(Int64.max) bytes)") }
        guard fraction.count <= 18 else {
            return .failure(Problem(message: "\(written) is not a whole number of bytes"))
        }
        // At most Int64.max × 10^18 before the factor, so the product below fits in 128 bits or is too large.
        let limit = UInt128(Int64.max) * 1_000_000_000_000_000_000
        var scaled: UInt128 = 0
        for range in [integer, fraction] {
            for index in range {
                scaled = scaled * 10 + UInt128(digits[index] - 0x30)
                guard scaled <= limit else { return .failure(tooLarge) }
            }
        }
        var divisor: UInt128 = 1
        for _ in 0..<fraction.count { divisor *= 10 }
        let (product, overflow) = scaled.multipliedReportingOverflow(by: factor)
        guard !overflow else { return .failure(tooLarge) }
        guard product % divisor == 0 else {
            return .failure(Problem(message: "\(written) is not a whole number of bytes"))
        }
        let count = product / divisor
        guard count <= UInt128(Int64.max) else { return .failure(tooLarge) }
        return .success(Int64(count))
    }

    /// `2GiB`, `1000 bytes`: the largest unit that divides the count exactly.
    package static func describe(_ count: Int64) -> String {
        for unit in units.reversed() where unit.factor > 1 {
            let factor = Int64(unit.factor)
            if count >= factor, count % factor == 0 { return "\(count / factor)\(unit.name)" }
        }
        return count == 1 ? "1 byte" : "\(count) bytes"
    }
}
