/// Numbers from outside the process (requests, files, drivers, instructions), read with their range checked,
/// and the bounds they are held to: a number read here can be combined with others below these bounds without
/// overflow.
public enum CheckedNumber {
    /// The largest object GCS stores (5 TiB): no size, offset or byte count from outside may exceed it.
    public static let largestObject: Int64 = 5 << 40
    /// The largest generation or metageneration read from outside: 2^62 - 1. GCS defines them as 64-bit integers
    /// (sent as strings), and some servers mint them from nanoseconds (gcp-storage-emulator: about 1.8 × 10^18);
    /// half of Int64's range leaves counting on from any of them far from overflow.
    public static let largestGeneration: Int64 = (1 << 62) - 1

    /// `text` as an optional `-` and decimal digits, when its value lies in `range`; nil for anything else
    /// (empty, `+`, spaces, a fraction or an exponent, a value out of range however many digits it has).
    public static func decimal<Text: StringProtocol>(_ text: Text, in range: ClosedRange<Int64>) -> Int64? {
        var digits = text.utf8[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (shifted, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowPlus) = shifted.subtractingReportingOverflow(digit)  // negative, to reach Int64.min
            guard !overflowTimes, !overflowPlus else { return nil }
            value = next
        }
        if !negative {
            guard value != .min else { return nil }
            value = -value
        }
        return range.contains(value) ? value : nil
    }

    /// A byte count, size or offset: decimal digits from 0 to `largestObject`.
    public static func byteCount<Text: StringProtocol>(_ text: Text) -> Int64? {
        decimal(text, in: 0...largestObject)
    }

    /// A whole number read as a `Double` (from JSON, say), when it is finite, whole and in `range`; nil
    /// otherwise (`1e19`, `0.5`, NaN and infinities included).
    public static func whole(_ value: Double, in range: ClosedRange<Int>) -> Int? {
        guard value.isFinite, value.rounded(.towardZero) == value,
            value >= Double(range.lowerBound), value <= Double(range.upperBound)
        else { return nil }
        // Double(Int.max) rounds up to 2^63, which the bounds let through when the range ends at Int.max.
        guard let exact = Int(exactly: value) else { return nil }
        return range.contains(exact) ? exact : nil
    }

    /// A number of seconds from outside, when it is finite and from 0 to `limit`; nil otherwise.
    public static func seconds(_ value: Double, upTo limit: Double) -> Double? {
        value.isFinite && value >= 0 && value <= limit ? value : nil
    }
}
