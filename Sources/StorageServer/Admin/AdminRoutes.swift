import FirebaseV0
import Foundation
import HTTPCore
import Primitives
import ReferenceService
import SecurityRules
import StorageAPI
import StorageWire

/// This server's own endpoints, for test harnesses (docs/wire-protocol.md §7): `GET /internal/info`,
/// `POST /internal/reset`, the Firebase emulator's `PUT /internal/setRules` (`RulesFilesJSON`; a file with a
/// `resource` sets that bucket's rules), `GET`/`PUT`/`DELETE /internal/buckets/{bucket}/rules` (one bucket's
/// rules: `RulesFilesJSON` or the scenario shorthand's `RulesJSON`),
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
                (administration == nil ? [] : Self.administrationFeatures.map { .string($0) }) + [.string("faults")]
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
        case .setRules:
            let administration = try required()
            for (program, bucket) in try RulesFilesJSON.load(try RulesFilesJSON.decode(request.body)) {
                if let bucket {
                    administration.setRules(program, bucket: bucket)
                } else {
                    administration.setRulesForEveryBucket(program)
                }
            }
            return WireResponse.json(JSONValue.members(["message": .string("Rules updated successfully")]).data)
        case .rules(let bucket):
            let administration = try required()
            switch request.method {
            case "PUT": administration.setRules(try Self.bucketRules(request.body, bucket: bucket), bucket: bucket)
            case "DELETE": administration.setRules(nil, bucket: bucket)
            default: break
            }
            let files = administration.rules(for: bucket).map { [RulesFilesJSON.File(source: $0.source)] } ?? []
            return WireResponse.json(RulesFilesJSON.encode(files))
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
    /// then), `DELETE` disarms them all, `GET` tells how often each acted (`firings`, in the order armed) and how
    /// many requests of each kind the plan has seen (`seen`).
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
        return WireResponse.json(faults.tally(scope).json.data)
    }

    /// What `GET /internal/info` lists when the server has an administration: `rules` (one bucket's rules),
    /// `setRules` (the emulator's endpoint, where a file's `resource` scopes it to a bucket), `reset`, `fixtures`.
    static let administrationFeatures = ["rules", "setRules", "reset", "fixtures"]

    /// One bucket's rules: one file of the emulator's body (its `resource`, if any, must be the bucket), or the
    /// scenario shorthand.
    private static func bucketRules(_ body: Data, bucket: String) throws(BackendError) -> RulesProgram {
        let object = try WireObject(parsing: body, what: "the rules", side: .request)
        guard object["rules"] != nil else {
            let shorthand = try RulesJSON.decode(body)
            if let problem = shorthand.sourceProblem { throw .badRequest(problem.description) }
            return shorthand.program
        }
        let files = try RulesFilesJSON.decode(body)
        guard files.count == 1, let loaded = try RulesFilesJSON.load(files).first else {
            throw .badRequest("The rules of one bucket are one file, not \(files.count).")
        }
        if let resource = loaded.bucket, resource != bucket {
            throw .badRequest("The file's resource \"\(resource)\" is not the bucket \"\(bucket)\" of the path.")
        }
        return loaded.program
    }

    private func required() throws(BackendError) -> any StorageAdministration {
        guard let administration else {
            throw BackendError(
                status: 501, "This server was started without administration: no rules or reset endpoints.")
        }
        return administration
    }
}
