import FirebaseV0
import Foundation
import StorageAPI
import StorageWire
import Testing

/// The `/internal` routes are out of a browser's reach (no CORS, a Host allow-list, an optional admin token);
/// the v0 routes keep CORS, and upload URLs never name a host the policy does not allow.
@Suite struct HostPolicyTests {
    @Test func aBrowserCannotResetTheServer() throws {
        let served = try ServedStorage()
        try served.seed("kept.txt", "data")
        let reset = try served.send("POST", "/internal/reset", headers: [("Origin", "https://evil.example")])
        #expect(reset.status == 403)
        #expect(reset.headers["Access-Control-Allow-Origin"] == nil)
        #expect(served.stored("kept.txt") == "data")
        let preflight = try served.send(
            "OPTIONS", "/internal/reset",
            headers: [
                ("Origin", "https://evil.example"), ("Access-Control-Request-Method", "POST"),
                ("Access-Control-Request-Private-Network", "true"),
            ])
        #expect(preflight.status == 403)
        #expect(preflight.headers["Access-Control-Allow-Origin"] == nil)
        #expect(preflight.headers["Access-Control-Allow-Private-Network"] == nil)
        let fetched = try served.send("GET", "/internal/info", headers: [("Sec-Fetch-Site", "cross-site")])
        #expect(fetched.status == 403)
    }

    @Test func aRebindingHostIsRefusedOnInternalRoutes() throws {
        let served = try ServedStorage()
        try served.seed("kept.txt", "data")
        let rebound = try served.send("POST", "/internal/reset", headers: [("Host", "evil.example:\(served.port)")])
        #expect(rebound.status == 403)
        #expect(rebound.errorMessage?.contains("evil.example") == true)
        #expect(served.stored("kept.txt") == "data")
        for host in ["localhost:\(served.port)", "127.0.0.1", "[::1]:\(served.port)", "LOCALHOST"] {
            #expect(try served.send("GET", "/internal/info", headers: [("Host", host)]).status == 200, "\(host)")
        }
    }

    @Test func anAdminTokenIsRequiredWhenSet() throws {
        let served = try ServedStorage(hostPolicy: HostPolicy(adminToken: "s3cret"))
        #expect(try served.send("POST", "/internal/reset").status == 403)
        #expect(try served.send("POST", "/internal/reset", headers: [("Authorization", "Bearer wrong")]).status == 403)
        #expect(try served.send("POST", "/internal/reset", headers: [("Authorization", "Bearer s3cret")]).status == 200)
        let client = FirebaseV0Client(baseURL: served.baseURL, requestTimeout: 60, adminToken: "s3cret")
        #expect(throws: Never.self) { try client.resetServer() }
        #expect(throws: BackendError.self) { try served.client().resetServer() }
    }

    @Test func v0RoutesKeepCORSForBrowsers() throws {
        let served = try ServedStorage()
        try served.seed("a.txt", "data")
        let read = try served.send(
            "GET", "/v0/b/bkt/o/a.txt", headers: [("Origin", "https://app.example"), ("Host", "evil.example")])
        #expect(read.status == 200)
        #expect(read.headers["Access-Control-Allow-Origin"] == "https://app.example")
        let preflight = try served.send(
            "OPTIONS", "/v0/b/bkt/o",
            headers: [("Origin", "https://app.example"), ("Access-Control-Request-Method", "POST")])
        #expect(preflight.status == 204)
    }

    @Test func uploadURLsNameOnlyAllowedHosts() throws {
        let served = try ServedStorage()
        let start = { (host: String) throws -> String? in
            try served.send(
                "POST", "/v0/b/bkt/o?name=f",
                headers: [("X-Goog-Upload-Protocol", "resumable"), ("X-Goog-Upload-Command", "start"), ("Host", host)],
                text: "{}"
            ).headers["X-Goog-Upload-URL"]
        }
        #expect(try start("evil.example")?.hasPrefix("http://127.0.0.1:\(served.port)/v0/b/bkt/o?") == true)
        #expect(try start("localhost:\(served.port)")?.hasPrefix("http://localhost:\(served.port)/") == true)
        let allowing = try ServedStorage(hostPolicy: HostPolicy(allowedHosts: ["storage.test"]))
        let url = try allowing.send(
            "POST", "/v0/b/bkt/o?name=f",
            headers: [
                ("X-Goog-Upload-Protocol", "resumable"), ("X-Goog-Upload-Command", "start"),
                ("Host", "storage.test:9199"),
            ], text: "{}"
        ).headers["X-Goog-Upload-URL"]
        #expect(url?.hasPrefix("http://storage.test:9199/") == true)
    }
}
