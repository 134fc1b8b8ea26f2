import Foundation
import Testing

/// A driver that says `exchanges` reports its SDK's HTTP exchanges, and a failure shows those, redacted, rather
/// than the runner's own requests; a driver cannot make the runner keep more than its last few, nor report
/// them without saying so (issue 35, item 1).
@Suite("exchanges reported by a driver") struct DriverExchangeTests {
    /// A protocol 2 driver whose `getMetadata` makes EXCHANGES (a JSON list of `exchange` members, each written
    /// COUNT times, then a POST with a body of BODY bytes when BODY is not 0) and answers objectNotFound. Its
    /// capabilities get `"exchanges": DECLARED`.
    private static let script = #"""
        import json, sys
        exchanges, count, declared = json.loads(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "true"
        body = "x" * int(sys.argv[4])
        def out(message):
            sys.stdout.write(json.dumps(message) + "\n")
            sys.stdout.flush()
        for line in sys.stdin:
            message = json.loads(line)
            op, number = message.get("op"), message.get("id")
            if op == "end":
                break
            if op == "hello":
                capabilities = {"upload": [], "download": [], "operations": ["getMetadata"], "errors": "own"}
                if declared:
                    capabilities["exchanges"] = True
                out({"id": number, "ok": True, "protocol": 2, "name": "fake", "version": "1",
                     "capabilities": capabilities})
            elif op == "ref":
                path = message.get("path", "")
                out({"id": number, "ok": True, "ref": {"id": "r", "bucket": "b", "fullPath": path,
                     "name": path, "description": "gs://b/" + path}})
            elif op == "getMetadata":
                for _ in range(count):
                    for exchange in exchanges:
                        out({"exchange": exchange})
                if body:
                    out({"exchange": {"method": "POST", "url": "http://sdk.test/upload", "requestBody": body,
                                      "status": 200}})
                out({"id": number, "ok": False,
                     "error": {"code": "objectNotFound", "message": "no such object", "status": 404}})
            else:
                out({"id": number, "ok": True})
        """#
    private static let scenario = "scenario: reads metadata\nsteps:\n  - getMetadata: a.txt\n"
    /// What the SDK would have sent and got: a token in the URL, the Authorization header, a download token.
    private static let secretExchange = #"""
        {"method": "GET", "url": "http://sdk.test/v0/b/b/o/a.txt?alt=json&token=secret-url-token",
         "requestHeaders": {"Authorization": "Firebase secret-id-token", "X-Extra": "kept"},
         "status": 404, "responseHeaders": {"content-type": "application/json"},
         "responseBody": "{\"error\": {\"code\": 404}, \"downloadTokens\": \"secret-download-token\"}"}
        """#

    private func run(exchanges: String, count: Int = 1, body: Int = 0, declared: Bool = true) throws -> (
        ToolRun, [String: Any]
    ) {
        let folder = try TemporaryFolder()
        let file = try folder.write("Scenarios/sdk.yaml", Self.scenario)
        let script = try folder.write("fake.py", Self.script)
        let binary = try #require(SpawnedTool.binary, "build the storage-conformance product first")
        let serve = try SpawnedTool(binary, ["serve", "--port", "0"], in: folder.url)
        defer { serve.terminate() }
        let port = try #require(serve.waitForOutput(matching: "http://127\\.0\\.0\\.1:([0-9]+)\n", timeout: 30))
        let compact = exchanges.replacingOccurrences(of: "\n", with: " ")
        let driver = "python3 '\(script)' '\(compact)' \(count) \(declared) \(body)"
        let json = folder.path("report.json")
        let run = ToolRun([
            "run", file, "--target", "http://127.0.0.1:\(port)", "--timeout", "60", "--driver", driver, "--json", json,
        ])
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        let scenario =
            (((report as? [String: Any])?["files"] as? [[String: Any]])?.first?["scenarios"] as? [[String: Any]])?
            .first
        return (run, try #require(scenario, "\(run.both)"))
    }

    @Test func aFailureShowsTheSDKsExchangeRedacted() throws {
        let (run, scenario) = try run(exchanges: "[\(Self.secretExchange)]")
        #expect(run.code == 1, "\(run.both)")
        #expect(run.output.contains("> GET http://sdk.test/v0/b/b/o/a.txt?alt=json&token=REDACTED"), "\(run.both)")
        #expect(run.output.contains("> authorization: REDACTED"), "\(run.both)")
        #expect(run.output.contains("> x-extra: kept"), "\(run.both)")
        #expect(run.output.contains("< 404"), "\(run.both)")
        #expect(run.output.contains(#""downloadTokens": "REDACTED""#), "\(run.both)")
        #expect(!run.both.contains("secret"), "\(run.both)")
        let exchanges = try #require(scenario["exchanges"] as? [String])
        // The SDK's exchange, not the runner's own requests to serve.
        #expect(exchanges.count == 1 && exchanges.first?.hasPrefix("> GET http://sdk.test/") == true, "\(exchanges)")
    }

    @Test func aFloodOfExchangesIsCutToTheLastFewWithBodiesCut() throws {
        let (run, scenario) = try run(exchanges: "[\(Self.secretExchange)]", count: 1500, body: 3 << 20)
        #expect(run.code == 1, "\(run.both)")
        let exchanges = try #require(scenario["exchanges"] as? [String])
        #expect(exchanges.count == 20, "\(exchanges.count)")
        #expect(scenario["exchangesDropped"] as? Int == 1481)
        #expect(exchanges.allSatisfy { $0.utf8.count < 4096 }, "\(exchanges.map(\.utf8.count))")
        #expect(exchanges.contains { $0.contains("(\(3 << 20) bytes in all)") })
    }

    @Test func anExchangeFromADriverThatDidNotSaySoErrorsTheScenario() throws {
        let (run, _) = try run(exchanges: "[\(Self.secretExchange)]", declared: false)
        #expect(run.code == 1, "\(run.both)")
        #expect(run.output.contains("not the `exchanges` capability"), "\(run.both)")
    }

    @Test func aMalformedExchangeErrorsTheScenario() throws {
        let (run, _) = try run(exchanges: #"[{"method": "GET", "url": "http://sdk.test/", "status": 99999}]"#)
        #expect(run.code == 1, "\(run.both)")
        #expect(run.output.contains("a malformed exchange"), "\(run.both)")
    }
}
