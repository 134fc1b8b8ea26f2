import Foundation
import SecurityRules
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

    /// `PUT /internal/setRules`, the Firebase emulator's (and `StorageServer`'s) rules endpoint, with one file.
    /// With a `bucket`, the file names it as its `resource`: a `StorageServer` sets that bucket's rules only, the
    /// emulator (which reads `resource` only when there are several files) every bucket's.
    public func setRules(_ source: RulesSource, bucket: String? = nil) throws(BackendError) {
        _ = try send(
            "PUT", "/internal/setRules", auth: nil,
            headers: [("Content-Type", Self.jsonContentType)] + administrationHeaders,
            body: RulesFilesJSON.encode([RulesFilesJSON.File(source: source, bucket: bucket)]))
    }

    /// Whether the endpoint has `PUT /internal/setRules`, asked without changing anything: a body without rules
    /// is answered 400 where the route exists (the emulator words it "Request body must include 'rules.files'
    /// array"), 404 or 405 where it does not. Throws a transport failure, or any other answer.
    public func answersSetRules() throws(BackendError) -> Bool {
        do {
            _ = try send(
                "PUT", "/internal/setRules", auth: nil,
                headers: [("Content-Type", Self.jsonContentType)] + administrationHeaders, body: Data("{}".utf8))
            return true
        } catch  where error.status == 400 {
            return true
        } catch  where error.status == 404 || error.status == 405 {
            return false
        }
    }

    /// `GET /internal/buckets/<bucket>/rules` of a `StorageServer`: the rules file that decides the bucket, nil
    /// when everything is allowed there.
    public func rules(bucket: String) throws(BackendError) -> RulesSource? {
        let response = try send(
            "GET", "/internal/buckets/\(PathSegment.encode(bucket))/rules", auth: nil, headers: administrationHeaders)
        do throws(BackendError) {
            return try RulesFilesJSON.decode(response.body, allowingNone: true).first?.source
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
    /// `rules`, `setRules`, `reset`, `fixtures`, `faults`.
    public var features: [String]

    public init(server: String, version: String?, features: [String]) {
        self.server = server
        self.version = version
        self.features = features
    }
}
