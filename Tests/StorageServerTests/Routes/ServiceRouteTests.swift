import Foundation
import Testing

@Suite struct ServiceRouteTests {
    @Test func serviceRootSaysWhatItIs() throws {
        let served = try ServedStorage()
        for target in ["/v0/", "/v0"] {
            let response = try served.send("GET", target)
            #expect(response.status == 200)
            #expect(response.json["emulator"] as? String == "storage")
            #expect(response.json["server"] as? String == "storage-conformance")
        }
    }

    @Test func unknownRoutesAre404JSON() throws {
        let served = try ServedStorage()
        for target in [
            "/", "/v1/b/b/o", "/v0/b/b", "/v0/b/bkt/x", "/v0/b//o", "/internal/nothing", "/internal/buckets//rules",
        ] {
            let response = try served.send("GET", target)
            #expect(response.status == 404, "\(target)")
            #expect(response.errorCode == 404, "\(target)")
            #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        }
    }

    @Test func wrongMethodIs405WithAllow() throws {
        let served = try ServedStorage()
        let cases: [(String, String, String)] = [
            ("DELETE", "/v0/b/bkt/o", "GET, HEAD, POST, PUT"),
            ("PATCH", "/v0/", "GET, HEAD"),
            ("GET", "/internal/reset", "POST"),
            ("POST", "/internal/buckets/bkt/rules", "GET, HEAD, PUT, DELETE"),
            ("BREW", "/v0/b/bkt/o/x", "GET, HEAD, POST, PUT, PATCH, DELETE"),
        ]
        for (method, target, allow) in cases {
            let response = try served.send(method, target)
            #expect(response.status == 405, "\(method) \(target)")
            #expect(response.headers["Allow"] == allow)
            #expect(response.errorCode == 405)
        }
    }

    @Test func malformedEscapesInPathOrQueryAre400() throws {
        let served = try ServedStorage()
        for target in ["/v0/b/bkt/o/a%2", "/v0/b/bkt/o/a%zz", "/v0/b/bkt/o/%FF", "/v0/b/bkt/o?prefix=%G0"] {
            let response = try served.send("GET", target)
            #expect(response.status == 400, "\(target)")
            #expect(response.errorMessage?.contains("percent-encoding") == true)
        }
    }

    @Test func preflightOnAnyPathAllowsTheOriginAndTheRequestedHeaders() throws {
        let served = try ServedStorage()
        for target in ["/v0/b/bkt/o/x", "/nowhere"] {
            let response = try served.send(
                "OPTIONS", target,
                headers: [
                    ("Origin", "http://app.example"), ("Access-Control-Request-Method", "PUT"),
                    ("Access-Control-Request-Headers", "x-goog-upload-command,authorization"),
                    ("Access-Control-Request-Private-Network", "true"),
                ])
            #expect(response.status == 204)
            #expect(response.headers["Access-Control-Allow-Origin"] == "http://app.example")
            #expect(response.headers["Access-Control-Allow-Methods"] == "GET,HEAD,PUT,PATCH,POST,DELETE")
            #expect(response.headers["Access-Control-Allow-Headers"] == "x-goog-upload-command,authorization")
            #expect(response.headers["Access-Control-Max-Age"] == "3600")
            #expect(response.headers["Access-Control-Allow-Private-Network"] == "true")
        }
        let anonymous = try served.send("OPTIONS", "/v0/")
        #expect(anonymous.status == 204)
        #expect(anonymous.headers["Access-Control-Allow-Origin"] == "*")
        #expect(anonymous.headers["Access-Control-Allow-Headers"] == nil)
    }

    @Test func simpleResponsesCarryOriginAndExposedHeadersOnlyWhenAsked() throws {
        let served = try ServedStorage()
        let withOrigin = try served.send("GET", "/v0/b/bkt/o/missing", headers: [("Origin", "http://app.example")])
        #expect(withOrigin.status == 404)
        #expect(withOrigin.headers["Access-Control-Allow-Origin"] == "http://app.example")
        let exposed = try #require(withOrigin.headers["Access-Control-Expose-Headers"])
        for header in [
            "x-goog-upload-url", "x-goog-upload-status", "X-Goog-Upload-Size-Received",
            "x-goog-upload-chunk-granularity",
        ] {
            #expect(exposed.contains(header))
        }
        let without = try served.send("GET", "/v0/")
        #expect(without.headers["Access-Control-Allow-Origin"] == nil)
        #expect(without.headers["Access-Control-Expose-Headers"] == nil)
    }
}
