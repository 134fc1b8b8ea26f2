import Foundation
import Primitives
import TestSupport
import Testing

@Suite struct StorageDateFormatTests {
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (1_715_000_000.123, "2024-05-06T12:53:20.123Z"),
        (951_782_400.0, "2000-02-29T00:00:00.000Z"),
        (-1.0, "1969-12-31T23:59:59.000Z"),
        (-0.001, "1969-12-31T23:59:59.999Z"),
        (1_700_000_000.9996, "2023-11-14T22:13:21.000Z"),
        (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
    ])
    func formats(seconds: Double, text: String) {
        #expect(StorageDateFormat.string(from: Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test func clampsDatesOutsideFourDigitYears() {
        #expect(StorageDateFormat.string(from: Date(timeIntervalSince1970: 1e15)) == "9999-12-31T23:59:59.999Z")
        #expect(StorageDateFormat.string(from: Date(timeIntervalSince1970: -1e15)) == "0001-01-01T00:00:00.000Z")
        #expect(StorageDateFormat.string(from: Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59.999Z")
        #expect(StorageDateFormat.string(from: Date(timeIntervalSince1970: .nan)) == "1970-01-01T00:00:00.000Z")
    }

    @Test(arguments: [
        ("2024-05-06T12:53:20.123Z", 1_715_000_000.123),
        ("2024-05-06T12:53:20.123+0000", 1_715_000_000.123),
        ("2024-05-06T12:53:20.123-0000", 1_715_000_000.123),
        ("2024-05-06T05:53:20.123-0700", 1_715_000_000.123),
        ("2024-05-06T05:53:20.123-07:00", 1_715_000_000.123),
        ("2024-05-06T14:23:20.123+01:30", 1_715_000_000.123),
        ("2024-05-06T12:53:20.1Z", 1_715_000_000.1),
        ("2024-05-06T12:53:20.123456Z", 1_715_000_000.123456),
        ("2000-02-29T00:00:00.000Z", 951_782_400),
        ("1969-12-31T23:59:59.999Z", -0.001),
    ])
    func parses(text: String, seconds: Double) throws {
        let date = try #require(StorageDateFormat.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_001)
    }

    @Test(arguments: [
        "2024-05-06T12:53:20Z", "2024-05-06T12:53:20.123", "2024-05-06T12:53:20.Z", "2024-05-06 12:53:20.123Z",
        "2024-13-06T12:53:20.123Z", "2023-02-29T12:53:20.123Z", "2024-05-32T12:53:20.123Z", "2024-05-06T24:00:00.000Z",
        "2024-05-06T12:60:20.123Z", "2024-05-06T12:53:60.123Z", "2024-05-06T12:53:20.123+07",
        "2024-05-06T12:53:20.123+0760",
        "2024-05-06T12:53:20.123Zjunk", "24-05-06T12:53:20.123Z", "", "2024-05-06T12:53:20.1234567890Z",
        "２０２４-05-06T12:53:20.123Z", "2024-05-06T12:53:20.123z",
    ])
    func rejects(text: String) {
        #expect(StorageDateFormat.date(from: text) == nil)
    }

    @Test(arguments: [
        "2024-05-06T12:53:20.123Z", "1970-01-01T00:00:00.000Z", "1999-12-31T23:59:59.999Z", "0001-01-01T00:00:00.000Z",
    ])
    func roundTrips(text: String) throws {
        #expect(StorageDateFormat.string(from: try #require(StorageDateFormat.date(from: text))) == text)
    }

    @Test func agreesWithTheCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var random = SplitMix64(seed: 42)
        for _ in 0..<500 {
            let millis = Int64(random.next() % 8_000_000_000_000) - 2_000_000_000_000
            let date = Date(timeIntervalSince1970: Double(millis) / 1000)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let expected = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, Int(((millis % 1000) + 1000) % 1000))
            #expect(StorageDateFormat.string(from: date) == expected)
            #expect(StorageDateFormat.date(from: expected)?.timeIntervalSince1970 == date.timeIntervalSince1970)
        }
    }
}
