import Foundation
import Primitives
import TestSupport
import Testing

/// A retry test's numbers (KiB and seconds) are bounded when the test is set up: sizes by what the largest
/// object holds, stalls by the longest the server waits; out of range is a 400 naming the instruction, and a
/// request naming an accepted test never traps (issue 25, point 2).
@Suite struct RetryInstructionBoundsTests {
    private static let json = [("Content-Type", "application/json")]

    private func create(_ served: ServedStorage, _ operation: String, _ instruction: String) throws -> RawResponse {
        try served.send(
            "POST", "/retry_test", headers: Self.json,
            text: #"{"instructions":{"\#(operation)":["\#(instruction)"]}}"#)
    }

    @Test(arguments: [
        "return-broken-stream-after-9007199254740993K", "return-503-after-9007199254740993K",
        "return-broken-stream-after-9223372036854775807K", "return-503-after-5368709121K",
        "stall-for-0s-after-9007199254740993K", "stall-for-infs-after-1K", "stall-for-nans-after-1K",
        "stall-for-1e300s-after-1K", "stall-for-61s-after-1K", "stall-for--1s-after-1K",
    ])
    func anInstructionOutOfRangeIsRefused(_ instruction: String) throws {
        let served = try ServedStorage()
        try served.seed("o", String(repeating: "x", count: 4096))
        let response = try create(served, "storage.objects.get", instruction)
        #expect(response.status == 400, "\(response.text)")
        #expect(response.text.contains("Unknown instruction \(instruction)"))
        #expect(try served.send("GET", "/storage/v1/b/bkt/o/o?alt=media").body.count == 4096)
    }

    @Test func theLargestSizesAreAcceptedAndServedWhole() throws {
        let served = try ServedStorage()
        try served.seed("o", String(repeating: "x", count: 4096))
        let largest = CheckedNumber.largestObject / 1024
        let created = try create(served, "storage.objects.get", "return-broken-stream-after-\(largest)K")
        #expect(created.status == 200, "\(created.text)")
        let id = try #require(created.json["id"] as? String)
        // The break comes after more bytes than the object has: the whole object arrives.
        let read = try served.send("GET", "/storage/v1/b/bkt/o/o?alt=media", headers: [("x-retry-test-id", id)])
        #expect(read.body.count == 4096)
    }

    /// Every extreme number in every place an instruction takes one: refused, or accepted and applied.
    @Test func extremeNumbersInEveryInstructionAreAnswered() throws {
        let served = try ServedStorage(granularity: 1024)
        try served.seed("o", String(repeating: "x", count: 4096))
        let numbers = [
            "0", "-1", "9007199254740993", "9223372036854775807", "18446744073709551616", "1e19",
            String(repeating: "9", count: 400),
        ]
        let templates: [(String) -> String] = [
            { "return-503-after-\($0)K" }, { "return-broken-stream-after-\($0)K" }, { "stall-for-\($0)s-after-0K" },
            { "stall-for-0s-after-\($0)K" }, { "return-\($0)" },
        ]
        for number in numbers {
            for template in templates {
                let instruction = template(number)
                for operation in ["storage.objects.get", "storage.objects.insert"] {
                    let created = try create(served, operation, instruction)
                    #expect([200, 400].contains(created.status), "\(instruction): \(created.text)")
                    guard created.status == 200, let id = created.json["id"] as? String else { continue }
                    let header = ("x-retry-test-id", id)
                    _ = try? served.send("GET", "/storage/v1/b/bkt/o/o?alt=media", headers: [header])
                    let start = try served.send(
                        "POST", "/upload/storage/v1/b/bkt/o?uploadType=resumable&name=r", headers: Self.json,
                        text: "{}")
                    if let url = start.headers["Location"].flatMap(URL.init(string:)) {
                        _ = try? served.send(
                            "PUT", url.path + "?" + (url.query ?? ""),
                            headers: [header, ("Content-Range", "bytes 0-2047/2048")],
                            body: [UInt8](repeating: 1, count: 2048))
                    }
                }
            }
        }
        #expect(try served.send("GET", "/storage/v1/b/bkt/o/o?alt=media").body.count == 4096)
    }
}
