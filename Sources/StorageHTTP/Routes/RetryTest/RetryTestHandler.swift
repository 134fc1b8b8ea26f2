import Foundation
import StorageModel

/// storage-testbench's retry-test API (docs/gcs-dialect.md §6): `POST /retry_test` sets up instructions per
/// operation and answers an `id`; `GET /retry_test/ID` shows what is left and `completed`; `DELETE` removes
/// it; `GET /retry_tests` lists them. Guarded like `/internal`.
struct RetryTestHandler {
    let registry: RetryTestRegistry

    /// Whether `path` is one of these routes.
    static func claims(_ path: String) -> Bool {
        path == "/retry_test" || path == "/retry_tests" || path.hasPrefix("/retry_test/")
    }

    func respond(_ http: HTTPRequest) throws(BackendError) -> HTTPResponse {
        switch (http.path, http.method) {
        case ("/retry_test", "POST"):
            return try create(http.body)
        case ("/retry_tests", "GET"):
            return WireResponse.json(JSONValue.members(["retry_tests": .array(registry.all.map(json))]).data)
        case (let path, let method) where path.hasPrefix("/retry_test/"):
            let id = String(path.dropFirst("/retry_test/".count))
            switch method {
            case "GET":
                guard let test = registry.test(id) else { throw .notFound("No retry test \(id).") }
                return WireResponse.json(json(test).data)
            case "DELETE":
                guard registry.remove(id) else { throw .notFound("No retry test \(id).") }
                return WireResponse.json(Data("{}".utf8))
            default:
                throw BackendError(status: 405, "Method \(method) is not allowed on \(path) (GET or DELETE).")
            }
        default:
            throw BackendError(status: 405, "Method \(http.method) is not allowed on \(http.path).")
        }
    }

    private func create(_ body: Data) throws(BackendError) -> HTTPResponse {
        let object = try WireObject(parsing: body, what: "the retry test", side: .request)
        guard let instructions = try object.optionalObject("instructions") else {
            throw .badRequest("A retry test needs \"instructions\": an object of operation names to lists of faults.")
        }
        var remaining: [(operation: String, instructions: [String])] = []
        for member in instructions.members {
            guard case .array(let elements) = member.value else {
                throw .badRequest("The instructions for \(member.key) must be a list of strings.")
            }
            var texts: [String] = []
            for element in elements {
                guard let text = element.stringValue, RetryInstruction(text) != nil else {
                    throw .badRequest(
                        "Unknown instruction \(element.stringValue ?? element.kindDescription) for \(member.key): expected return-N, return-N-after-YK, return-reset-connection, return-broken-stream[-after-YK] or stall-for-Ts-after-YK (Y up to \(RetryInstruction.largestKibibytes), T from 0 to \(Int(RetryInstruction.longestStall)))."
                    )
                }
                texts.append(text)
            }
            remaining.append((member.key, texts))
        }
        guard let test = registry.create(remaining) else {
            throw BackendError(status: 429, "Too many retry tests (\(RetryTestRegistry.limit)); delete some first.")
        }
        return WireResponse.json(json(test).data)
    }

    private func json(_ test: RetryTestRegistry.RetryTest) -> JSONValue {
        .members([
            "id": .string(test.id),
            "instructions": .object(
                test.remaining.map { .init($0.operation, .array($0.instructions.map(JSONValue.string))) }),
            "completed": .bool(test.completed),
            "transport": .string("HTTP"),
        ])
    }
}
