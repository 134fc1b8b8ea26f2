import FirebaseV0
import Foundation
import HTTPCore
import ReferenceService
import StorageAPI
import StorageServer
import StorageWire
import TestSupport
import Testing

/// An `ReferenceBackend` behind a `StorageServer` on an ephemeral loopback port, for one test.
final class ServedStorage {
    let backend: ReferenceBackend
    let server: StorageServer
    let port: Int
    let baseURL: URL

    init(
        granularity: Int64 = 262_144, administration: Bool = true, hostPolicy: HostPolicy = HostPolicy(),
        backend: ReferenceBackend? = nil, configuration: HTTPServerConfiguration = .forTests
    ) throws {
        let backend = backend ?? ReferenceBackend(granularity: granularity)
        self.backend = backend
        server = StorageServer(
            backend: backend, configuration: configuration, administration: administration ? backend : nil,
            hostPolicy: hostPolicy)
        port = try server.start()
        baseURL = try #require(URL(string: "http://127.0.0.1:\(port)"))
    }

    deinit {
        server.stop()
    }

    /// A server whose backend holds the bucket `bkt`: the GCS routes write only into buckets that exist.
    static func withBucket(granularity: Int64 = 262_144) throws -> ServedStorage {
        let served = try ServedStorage(granularity: granularity)
        try served.backend.createBucket("bkt")
        return served
    }

    /// A client of this server with a short timeout.
    func client(timeout: TimeInterval = 60) -> FirebaseV0Client {
        FirebaseV0Client(baseURL: baseURL, requestTimeout: timeout)
    }

    /// Sends one request on a fresh connection and reads its answer.
    func send(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> RawResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nConnection: close\r\n"
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { head += "Host: 127.0.0.1:\(port)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        let client = try RawClient(port: port)
        try client.send(Array(head.utf8) + body)
        return try client.readResponse(bodyless: method == "HEAD")
    }

    func send(_ method: String, _ target: String, headers: [(String, String)] = [], text: String) throws -> RawResponse
    {
        try send(method, target, headers: headers, body: Array(text.utf8))
    }

    /// Stores an object directly in the service.
    @discardableResult
    func seed(
        _ name: String, _ text: String, bucket: String = "bkt", metadata: ObjectMetadataFields = ObjectMetadataFields()
    ) throws -> ObjectResource {
        try backend.seed(bucket: bucket, name: name, data: Data(text.utf8), metadata: metadata)
    }

    /// The object's bytes as the service holds them, or nil.
    func stored(_ name: String, bucket: String = "bkt") -> String? {
        guard let read = try? backend.readObject(ReadRequest(object: ObjectAddress(bucket: bucket, name: name))) else {
            return nil
        }
        return String(decoding: read.data, as: UTF8.self)
    }
}

extension RawResponse {
    /// The body as a JSON object (empty when it is not one).
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }
}
