import Foundation
import HTTPCore
import Primitives
import ReferenceService
import StorageAPI
import StorageWire

/// This server's own endpoints, for test harnesses: `GET /internal/info`, `POST /internal/reset`,
/// `GET`/`PUT /internal/buckets/{bucket}/rules` (rules as `RulesJSON`) and
/// `PUT /internal/buckets/{bucket}/objects/{object}` (a fixture as `FixtureJSON`). Without an administration
/// the info lists no features and the others answer 501.
struct InternalHandler {
    let administration: (any StorageAdministration)?

    func info() -> HTTPResponse {
        let features: [JSONValue] =
            administration == nil ? [] : [.string("rules"), .string("reset"), .string("fixtures")]
        let body = JSONValue.object([
            .init("server", .string(StorageServer.serverName)),
            .init("version", .string(StorageServer.version)),
            .init("features", .array(features)),
        ])
        return WireResponse.json(body.data)
    }

    func reset() throws(BackendError) -> HTTPResponse {
        try required().reset()
        return WireResponse.json(Data("{}".utf8))
    }

    func rules(_ request: StorageRequest, bucket: String) throws(BackendError) -> HTTPResponse {
        let administration = try required()
        if request.method == "PUT" {
            administration.setRules(try RulesJSON.decode(request.body), bucket: bucket)
        }
        return WireResponse.json(RulesJSON.encode(administration.rules(for: bucket)))
    }

    func fixture(_ request: StorageRequest, bucket: String, name: String) throws(BackendError) -> HTTPResponse {
        let administration = try required()
        let fixture = try FixtureJSON.decode(request.body)
        let resource = try administration.seed(
            bucket: bucket, name: name, data: fixture.data, metadata: fixture.fields, stamps: fixture.stamps)
        return WireResponse.resource(resource)
    }

    private func required() throws(BackendError) -> any StorageAdministration {
        guard let administration else {
            throw BackendError(
                status: 501, "This server was started without administration: no rules or reset endpoints.")
        }
        return administration
    }
}
