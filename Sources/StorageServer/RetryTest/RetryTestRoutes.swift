import Foundation
import GCSJSON
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// storage-testbench's retry-test API (docs/gcs-dialect.md §6): `POST /retry_test` sets up instructions per
/// operation and answers an `id`; `GET /retry_test/ID` shows what is left and `completed`; `DELETE` removes
/// it; `GET /retry_tests` lists them (`{"retry_test": […]}`, the testbench's key). Each test is a fault plan
/// (`FaultPlans`) whose faults are read from the testbench's grammar; requests naming it (`x-retry-test-id`) meet
/// them in `FaultLayer`. Guarded like `/internal`.
struct RetryTestRoutes: Sendable {
    let plans: FaultPlans
    let hostPolicy: HostPolicy

    /// The paths of these routes, as the route table owns them for them.
    static let prefixes: [RoutePrefix] = [.exactly("/retry_test"), .exactly("/retry_tests"), .under("/retry_test")]

    func respond(to http: HTTPRequest) -> HTTPResponse {
        do throws(BackendError) {
            try hostPolicy.authorizeAdministration(http)
            return try answer(http)
        } catch {
            return GCSErrorJSON.rewrite(WireResponse.error(error))
        }
    }

    private func answer(_ http: HTTPRequest) throws(BackendError) -> HTTPResponse {
        switch (http.path, http.method) {
        case ("/retry_test", "POST"):
            return try create(http.body)
        case ("/retry_tests", "GET"):
            let tests = plans.retryTests.map { json(id: $0.id, $0.schedule) }
            return WireResponse.json(JSONValue.members(["retry_test": .array(tests)]).data)
        case (let path, let method) where path.hasPrefix("/retry_test/"):
            let id = String(path.dropFirst("/retry_test/".count))
            switch method {
            case "GET":
                guard let schedule = plans.schedule(.retryTest(id)) else { throw .notFound("No retry test \(id).") }
                return WireResponse.json(json(id: id, schedule).data)
            case "DELETE":
                guard plans.remove(.retryTest(id)) else { throw .notFound("No retry test \(id).") }
                var headers = HTTPHeaders()
                headers["Content-Type"] = "text/plain"
                return HTTPResponse(status: 200, headers: headers, body: Data("Deleted \(id)".utf8))
            default:
                throw BackendError(status: 405, "Method \(method) is not allowed on \(path) (GET or DELETE).")
            }
        default:
            throw BackendError(status: 405, "Method \(http.method) is not allowed on \(http.path).")
        }
    }

    private func create(_ body: Data) throws(BackendError) -> HTTPResponse {
        let object = try WireObject(parsing: body, what: "the retry test", side: .request)
        guard let instructions = try object.optionalObject("instructions"), !instructions.members.isEmpty else {
            throw .badRequest(
                "instructions is not defined: a retry test needs an object of operation names to lists of faults.")
        }
        if let transport = try object.optionalString("transport"), transport.uppercased() != "HTTP" {
            throw .badRequest(
                "The transport \(transport) is not served here: serve speaks HTTP (the JSON API), not gRPC.")
        }
        var faults: [RequestFault] = []
        var labels: [String] = []
        for member in instructions.members {
            guard TestbenchOperations.names.contains(member.key) else {
                throw .badRequest(
                    "The requested method <\(member.key)> for fault injection is invalid: expected an operation name of the JSON API such as storage.objects.get."
                )
            }
            guard case .array(let elements) = member.value else {
                throw .badRequest("The instructions for \(member.key) must be a list of strings.")
            }
            for (index, element) in elements.enumerated() {
                guard let text = element.stringValue, let action = RequestFault.Action(testbenchInstruction: text)
                else {
                    throw .badRequest(
                        "Unknown instruction \(element.stringValue ?? element.kindDescription) for \(member.key): expected return-N, return-N-after-YK, return-reset-connection, return-broken-stream[-after-YK] or stall-for-Ts-after-YK (Y up to \(RequestFault.Action.largestKibibytes), T from 0 to \(Int(RequestFault.longestStall)))."
                    )
                }
                faults.append(RequestFault(target: .operation(member.key), occurrence: .nth(index + 1), action: action))
                labels.append(text)
            }
        }
        // 32 hexadecimal digits, as the testbench makes them.
        let id = UUID().uuidString.lowercased().filter { $0 != "-" }
        guard plans.arm(faults, labels: labels, scope: .retryTest(id), operations: instructions.members.map(\.key))
        else {
            throw BackendError(status: 429, "Too many retry tests (\(FaultPlans.limit)); delete some first.")
        }
        return WireResponse.json(json(id: id, plans.schedule(.retryTest(id)) ?? FaultSchedule()).data)
    }

    private func json(id: String, _ schedule: FaultSchedule) -> JSONValue {
        let pending = schedule.pendingLabels
        var instructions = plans.operations(.retryTest(id)).map { operation in
            JSONValue.Member(
                operation,
                .array((pending.first { $0.operation == operation }?.labels ?? []).map(JSONValue.string)))
        }
        for entry in pending where !instructions.contains(where: { $0.key == entry.operation }) {
            instructions.append(.init(entry.operation, .array(entry.labels.map(JSONValue.string))))
        }
        return .members([
            "id": .string(id),
            "instructions": .object(instructions),
            // As the testbench says it: once the last instruction has been taken (never for a test of empty lists).
            "completed": .bool(!schedule.firings.isEmpty && pending.allSatisfy { $0.labels.isEmpty }),
            "transport": .string("HTTP"),
        ])
    }
}
