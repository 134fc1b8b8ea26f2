import Foundation
import Primitives
import SecurityRules

/// Builds programs and requests for the tests.
enum Rules {
    static func program(_ text: String, name: String = "storage.rules") throws -> RulesProgram {
        try RulesProgram(RulesSource(name: name, text: text))
    }

    /// A version-2 file with `body` inside `match /b/{bucket}/o`.
    static func v2(_ body: String) throws -> RulesProgram {
        try program(
            """
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
            \(body)
              }
            }
            """)
    }

    /// The error a file gets, or nil when it loads.
    static func syntaxError(_ text: String) -> Diagnostic? {
        do {
            _ = try RulesProgram(RulesSource(name: "storage.rules", text: text))
            return nil
        } catch {
            return error
        }
    }

    static func request(
        _ method: RulesMethod, _ path: String, uid: String? = nil, token: [String: RulesValue] = [:],
        resource: RulesObject? = nil, incoming: RulesObject? = nil,
        time: Date = Date(timeIntervalSince1970: 1_700_000_000)
    ) -> RulesRequest {
        RulesRequest(
            method: method, bucket: "bucket", path: path, auth: uid.map { RulesAuth(uid: $0, token: token) },
            resource: resource, incoming: incoming, time: time)
    }

    static func object(
        _ name: String, size: Int64 = 10, contentType: String? = "text/plain", metadata: [String: String] = [:]
    ) -> RulesObject {
        RulesObject(fields: [
            "name": .string(name), "bucket": .string("bucket"), "size": .int(size),
            "contentType": contentType.map(RulesValue.string) ?? .null,
            "metadata": .map(metadata.mapValues(RulesValue.string)),
        ])
    }

    /// Whether `condition` grants a GET of `path` under `match /{path=**}` (v2), for expression tests.
    static func evaluates(_ condition: String, _ request: RulesRequest? = nil) throws -> RulesDecision {
        let program = try v2("match /{all=**} { allow get: if \(condition); }")
        return program.decide(request ?? Rules.request(.get, "a/b"))
    }
}
