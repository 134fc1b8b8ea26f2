import Foundation
import Testing

/// A resumable session's `Content-Range` holds numbers a client chose: at their extremes a chunk is refused
/// with a 400 that names the header, and `serve` lives on (issue 25, point 1).
@Suite struct GCSChunkRangeTests {
    private func session(_ served: ServedStorage) throws -> String {
        let start = try served.send(
            "POST", "/upload/storage/v1/b/bkt/o?uploadType=resumable&name=r",
            headers: [("Content-Type", "application/json")], text: "{}")
        let url = try #require(start.headers["Location"].flatMap(URL.init(string:)))
        return url.path + "?" + (url.query ?? "")
    }

    @Test(arguments: [
        "bytes 0-9223372036854775807/*", "bytes 9223372036854775807-9223372036854775807/*",
        "bytes 9223372036854775806-9223372036854775806/9223372036854775807", "bytes 0-0/9223372036854775807",
        "bytes 5497558138880-5497558138880/*", "bytes 0-0/5497558138881", "bytes 0-0/18446744073709551616",
        "bytes -1-0/*", "bytes 0--1/*", "bytes 0-0/-1", "bytes 0-1e19/*",
    ])
    func aChunkAtTheExtremesIsRefused(_ range: String) throws {
        let served = try ServedStorage.withBucket()
        let target = try session(served)
        let response = try served.send("PUT", target, headers: [("Content-Range", range)], body: [7])
        #expect(response.status == 400, "\(response.text)")
        #expect(response.text.contains("Content-Range"))
        let query = try served.send("PUT", target, headers: [("Content-Range", "bytes */*")])
        #expect(query.status == 308)
        #expect(query.headers["Range"] == nil)
    }

    /// Every combination of extreme numbers as first byte, last byte and total: never a trap, always an answer.
    @Test func extremeNumbersInEveryPlaceAreAnswered() throws {
        let served = try ServedStorage.withBucket()
        let target = try session(served)
        let numbers = [
            "0", "-1", "9007199254740993", "9223372036854775807", "18446744073709551616", "1e19",
            String(repeating: "9", count: 400), "5497558138879",
        ]
        for first in numbers {
            for last in numbers {
                for total in numbers + ["*"] {
                    let response = try served.send(
                        "PUT", target, headers: [("Content-Range", "bytes \(first)-\(last)/\(total)")], body: [7])
                    #expect([200, 308, 400].contains(response.status), "\(first)-\(last)/\(total): \(response.text)")
                }
            }
        }
        #expect(try served.send("PUT", target, headers: [("Content-Range", "bytes */*")]).status == 308)
    }
}
