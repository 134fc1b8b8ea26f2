import FirebaseV0
import Foundation
import StorageAPI
import StorageWire

extension FirebaseV0Client {
    /// `GET /internal/info` of a `StorageServer`. Other endpoints answer it with an error status
    /// (thrown as `.status`) or something else (`.malformedResponse`).
    public func serverInfo() throws(BackendError) -> ServerInfo {
        let response = try send("GET", "/internal/info", auth: nil, headers: administrationHeaders)
        return try response.decoded(Self.serverInfo)
    }

    private static func serverInfo(_ body: Data) throws(BackendError) -> ServerInfo {
        let object = try WireObject(parsing: body, what: "the server info", side: .response)
        var features: [String] = []
        for element in try object.optionalArray("features") ?? [] {
            guard case .string(let feature) = element else {
                throw object.wrongType("features", element, expected: "a list of strings")
            }
            features.append(feature)
        }
        return ServerInfo(
            server: try object.requiredString("server"), version: try object.optionalString("version"),
            features: features)
    }

    /// `PUT /internal/buckets/<bucket>/rules` of a `StorageServer`.
    public func setRules(_ rules: StorageRules, bucket: String) throws(BackendError) {
        _ = try send(
            "PUT", "/internal/buckets/\(PathSegment.encode(bucket))/rules", auth: nil,
            headers: [("Content-Type", Self.jsonContentType)] + administrationHeaders, body: RulesJSON.encode(rules))
    }

    /// `GET /internal/buckets/<bucket>/rules` of a `StorageServer`.
    public func rules(bucket: String) throws(BackendError) -> StorageRules {
        let response = try send(
            "GET", "/internal/buckets/\(PathSegment.encode(bucket))/rules", auth: nil, headers: administrationHeaders)
        do throws(BackendError) {
            return try RulesJSON.decode(response.body)
        } catch {
            throw response.malformed(error.message)
        }
    }

    /// `PUT /internal/buckets/<bucket>/objects/<name>` of a `StorageServer`: a fixture with fixed stamps.
    @discardableResult
    public func seedObject(
        _ object: ObjectAddress, data: Data, metadata: ObjectMetadataFields, stamps: FixedStamps
    ) throws(BackendError) -> ObjectResource {
        try send(
            "PUT", "/internal/buckets/\(PathSegment.encode(object.bucket))/objects/\(PathSegment.encode(object.name))",
            auth: nil,
            headers: [("Content-Type", Self.jsonContentType)] + administrationHeaders,
            body: FixtureJSON.encode(data: data, fields: metadata, stamps: stamps)
        ).decoded(ObjectResourceJSON.decode)
    }

    /// `POST /internal/reset` of a `StorageServer`.
    public func resetServer() throws(BackendError) {
        _ = try send("POST", "/internal/reset", auth: nil, headers: administrationHeaders)
    }

    private var administrationHeaders: [(String, String)] {
        adminToken.flatMap { ClientWire.headerValue("Bearer " + $0) }.map { [("Authorization", $0)] } ?? []
    }
}

/// What `GET /internal/info` says about a server.
public struct ServerInfo: Sendable, Equatable {
    /// `storage-conformance` for this project's `StorageServer`.
    public var server: String
    public var version: String?
    /// `rules`, `reset`.
    public var features: [String]

    public init(server: String, version: String?, features: [String]) {
        self.server = server
        self.version = version
        self.features = features
    }
}
