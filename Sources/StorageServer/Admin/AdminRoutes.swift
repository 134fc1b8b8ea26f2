import Foundation
import HTTPCore
import Primitives
import ReferenceService
import StorageAPI
import StorageWire

/// This server's own endpoints, for test harnesses (docs/wire-protocol.md §7): `GET /internal/info`,
/// `POST /internal/reset`, `GET`/`PUT /internal/buckets/{bucket}/rules` (rules as `RulesJSON`),
/// `GET`/`PUT`/`DELETE /internal/buckets/{bucket}/faults` (the bucket's fault plan: `{"faults": [FAULT…]}`, each
/// as `RequestFaultJSON`) and `PUT /internal/buckets/{bucket}/objects/{object}` (a fixture as `FixtureJSON`).
/// Guarded by the host policy (no browsers, allowed hosts, the admin token), with no CORS. Without an
/// administration, rules, reset and fixtures answer 501.
struct AdminRoutes: Sendable {
    let administration: (any StorageAdministration)?
    let faults: FaultPlans
    let hostPolicy: HostPolicy
    /// What else a reset empties: state the dialects keep beside the store.
    var onReset: @Sendable () -> Void = {}

    func respond(to http: HTTPRequest) -> HTTPResponse {
        do throws(BackendError) {
            try hostPolicy.authorizeAdministration(http)
            guard let route = try AdminRoute(path: http.path) else {
                throw .notFound("Not Found: no route for \(http.method) \(http.path).")
            }
            guard route.allowedMethods.contains(http.method) else {
                var response = WireResponse.error(
                    BackendError(status: 405, "Method \(http.method) is not allowed on \(http.path)."))
                response.headers["Allow"] = route.allowedMethods.joined(separator: ", ")
                return response
            }
            return try handle(route, StorageRequest(http))
        } catch {
            return WireResponse.error(error)
        }
    }

    /// A request to an admin route is authorised before its body is read.
    func vetHead(_ http: HTTPRequest) -> HTTPResponse? {
        do throws(BackendError) {
            try hostPolicy.authorizeAdministration(http)
            return nil
        } catch {
            return WireResponse.error(error)
        }
    }

    private func handle(_ route: AdminRoute, _ request: StorageRequest) throws(BackendError) -> HTTPResponse {
        switch route {
        case .info:
            let features: [JSONValue] =
                (administration == nil ? [] : [.string("rules"), .string("reset"), .string("fixtures")])
                + [.string("faults")]
            let body = JSONValue.object([
                .init("server", .string(ServerIdentity.name)),
                .init("version", .string(ServerIdentity.version)),
                .init("features", .array(features)),
            ])
            return WireResponse.json(body.data)
        case .reset:
            try required().reset()
            faults.removeAll()
            onReset()
            return WireResponse.json(Data("{}".utf8))
        case .rules(let bucket):
            let administration = try required()
            if request.method == "PUT" {
                administration.setRules(try RulesJSON.decode(request.body), bucket: bucket)
            }
            return WireResponse.json(RulesJSON.encode(administration.rules(for: bucket)))
        case .faults(let bucket):
            return try plan(request, bucket: bucket)
        case .fixture(let bucket, let name):
            let fixture = try FixtureJSON.decode(request.body)
            let resource = try required().seed(
                bucket: bucket, name: name, data: fixture.data, metadata: fixture.fields, stamps: fixture.stamps)
            return WireResponse.resource(resource)
        }
    }

    /// `PUT` arms a list of faults after those already armed for the bucket (each counting its requests from
    /// then), `DELETE` disarms them all, `GET` tells how often each acted.
    private func plan(_ request: StorageRequest, bucket: String) throws(BackendError) -> HTTPResponse {
        let scope = FaultPlans.Scope.bucket(bucket)
        switch request.method {
        case "PUT":
            let object = try WireObject(parsing: request.body, what: "the fault plan", side: .request)
            let list: [RequestFault]
            do {
                list = try RequestFaultJSON.decodeList(object["faults"])
            } catch {
                throw .badRequest("The fault plan: \(error.description).")
            }
            for fault in list {
                guard case .stall(let seconds, _) = fault.action, seconds > RequestFault.longestStall else { continue }
                throw .badRequest(
                    "The fault plan: a stall on serve lasts at most \(Int(RequestFault.longestStall)) seconds, not \(seconds)."
                )
            }
            guard faults.arm(list, scope: scope) else {
                throw BackendError(status: 429, "Too many fault plans (\(FaultPlans.limit)); reset first.")
            }
        case "DELETE":
            faults.remove(scope)
        default:
            break
        }
        let firings = faults.firings(scope)
        return WireResponse.json(
            JSONValue.members(["firings": .array(firings.map { .number(String($0)) })]).data)
    }

    private func required() throws(BackendError) -> any StorageAdministration {
        guard let administration else {
            throw BackendError(
                status: 501, "This server was started without administration: no rules or reset endpoints.")
        }
        return administration
    }
}
