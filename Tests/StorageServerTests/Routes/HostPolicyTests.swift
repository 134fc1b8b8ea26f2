import FirebaseV0
import Foundation
import HTTPCore
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

    /// `Host` is the caller's word: a peer off loopback that names 127.0.0.1 is still refused, unless a token or
    /// remote administration was asked for.
    @Test func theAdminGuardReadsThePeerAddressNotTheHostHeader() throws {
        let remote = { (peer: String, authorization: String?) in
            var request = HTTPRequest(method: "POST", target: "/internal/reset", remoteAddress: peer)
            request.headers["Host"] = "127.0.0.1"
            if let authorization { request.headers["Authorization"] = authorization }
            return request
        }
        let loopbackOnly = HostPolicy()
        for peer in ["10.1.2.3:5000", "[2001:db8::1]:80", "[::ffff:10.0.0.1]:9", "127.0.0.1.evil:1", "1270.0.0.1:2"] {
            #expect(throws: BackendError.self, "\(peer)") {
                try loopbackOnly.authorizeAdministration(remote(peer, nil))
            }
        }
        for peer in ["127.0.0.1:5000", "127.8.9.10:1", "[::1]:80", "[::ffff:127.0.0.1]:9", ""] {
            #expect(throws: Never.self, "\(peer)") { try loopbackOnly.authorizeAdministration(remote(peer, nil)) }
        }
        let withToken = HostPolicy(adminToken: "s3cret")
        #expect(throws: BackendError.self) { try withToken.authorizeAdministration(remote("10.1.2.3:5000", nil)) }
        #expect(throws: Never.self) {
            try withToken.authorizeAdministration(remote("10.1.2.3:5000", "Bearer s3cret"))
        }
        let open = HostPolicy(allowsRemoteAdministration: true)
        #expect(throws: Never.self) { try open.authorizeAdministration(remote("10.1.2.3:5000", nil)) }
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
