import Foundation
import TestSupport
import Testing

/// `serve`'s route table: a prefix takes its own paths only, its first segment stays reserved around it, and what
/// no route claims is the v0 dialect's 404.
@Suite struct RouteTableTests {
    /// Whether an error body is GCS-shaped (it lists `errors`), rather than v0's.
    private func isGCSError(_ response: RawResponse) -> Bool {
        (response.json["error"] as? [String: Any])?["errors"] != nil
    }

    @Test func aPrefixTakesItsPathAndThePathsBelowItOnly() throws {
        let served = try ServedStorage()
        let root = try served.send("GET", "/storage/v1")
        #expect(root.status == 501 && isGCSError(root))
        let below = try served.send("GET", "/storage/v1/nothing")
        #expect(below.status == 501 && isGCSError(below))
        for target in ["/storage/v1x", "/storage", "/storage/v2/b", "/upload/storage/v1", "/download/storage/v1x/b"] {
            let response = try served.send("GET", target)
            #expect(response.status == 404, "\(target)")
            #expect(response.errorCode == 404 && !isGCSError(response), "\(target)")
        }
    }

    /// A path under a reserved first segment that no prefix matches is no XML object's, even where a bucket of that
    /// name exists.
    @Test(arguments: ["storage", "upload", "download"])
    func reservedSegmentsStayOffTheXMLAPI(_ segment: String) throws {
        let served = try ServedStorage()
        try served.backend.createBucket(segment)
        let response = try served.send("PUT", "/\(segment)/x", text: "x")
        #expect(response.status == 404 && response.errorCode == 404)
        #expect(served.stored("x", bucket: segment) == nil)
    }

    /// Only a whole first segment is reserved: `/v0x` and `/internals` are XML buckets.
    @Test func segmentsThatOnlyStartLikeAReservedOneAreXMLBuckets() throws {
        let served = try ServedStorage()
        #expect(try served.send("PUT", "/v0x").status == 200)
        #expect(try served.send("PUT", "/internals").status == 200)
        #expect(served.backend.buckets().map(\.name).sorted() == ["internals", "v0x"])
    }
}
