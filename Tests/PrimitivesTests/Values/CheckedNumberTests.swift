import Primitives
import Testing

/// The checked reading of numbers from outside: extremes are refused (nil), never trapped on.
@Suite struct CheckedNumberTests {
    static let extremes = [
        "0", "-0", "-1", "9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551616", "1e19", "10000000000000000000", "+1", " 1", "1 ", "", "-",
        "0x10", "1.0", String(repeating: "9", count: 5000), String(repeating: "0", count: 5000) + "7",
    ]

    @Test(arguments: extremes)
    func decimalsOutsideTheirRangeAreRefused(_ text: String) {
        let full = CheckedNumber.decimal(text, in: Int64.min...Int64.max)
        let expected = Int64(text).flatMap { text.allSatisfy { $0 == "-" || $0.isASCII && $0.isNumber } ? $0 : nil }
        if text.count < 100 {
            #expect(full == expected, "\(text)")
        }
        if let byteCount = CheckedNumber.byteCount(text) {
            #expect((0...CheckedNumber.largestObject).contains(byteCount))
        }
    }

    @Test func boundsAreInclusive() {
        #expect(CheckedNumber.decimal("-9223372036854775808", in: .min ... .max) == .min)
        #expect(CheckedNumber.decimal("9223372036854775807", in: .min ... .max) == .max)
        #expect(CheckedNumber.byteCount("5497558138880") == CheckedNumber.largestObject)
        #expect(CheckedNumber.byteCount("5497558138881") == nil)
        #expect(CheckedNumber.byteCount(String(repeating: "0", count: 5000) + "7") == 7)
    }

    @Test(arguments: [
        0, -1, 0x1p53 + 2, 9.223372036854775807e18, 1.8446744073709551616e19, 1e19, .infinity,
        -.infinity, .nan, 0.5, -0.0, 1e308,
    ])
    func wholeNumbersFromDoublesAreChecked(_ value: Double) {
        let checked = CheckedNumber.whole(value, in: 0...Int.max)
        if let checked {
            #expect(Double(checked) == value)
        } else {
            #expect(!(value.isFinite && value >= 0 && value < 9e18 && value == value.rounded()))
        }
        #expect(CheckedNumber.whole(value, in: 1...10) == nil || (1...10).contains(Int(value)))
    }

    @Test func secondsAreFiniteAndBounded() {
        #expect(CheckedNumber.seconds(1.5, upTo: 60) == 1.5)
        for value in [-1, 61, .infinity, .nan, 1e300] as [Double] {
            #expect(CheckedNumber.seconds(value, upTo: 60) == nil)
        }
    }
}
