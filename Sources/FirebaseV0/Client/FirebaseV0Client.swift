import Foundation
import HTTPCore
import StorageAPI
import StorageWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A live endpoint speaking the Firebase Storage v0 protocol, as a `StorageBackend`: the Firebase
/// emulator, production, or this project's `StorageServer`.
///
/// Requests are shaped as the iOS SDK shapes them (docs/semantics.md §6.2, §8, §10): object URLs escaped
/// with `GCSEscaping`, resumable uploads with the `X-Goog-Upload` headers, ranged reads, lists with
/// `prefix` (left out at the root) and `delimiter`, and `Authorization: Firebase <token>`. Every call
/// blocks the calling thread (never call it from Swift's cooperative pool).
///
/// Errors: an HTTP error status becomes `BackendError(.status(N))` with the body's message; refused,
/// reset and timed-out requests `.transport`; answers outside the protocol `.malformedResponse`.
/// Emulator quirks are tolerated (docs/wire-protocol.md §9): plain-text errors, chunk answers without
/// `X-Goog-Upload-Size-Received`, final answers without metadata, decimal `crc32c`.
public final class FirebaseV0Client: StorageBackend {
    /// The endpoint, such as `http://127.0.0.1:9199`; requests go to `<baseURL>/v0/…`.
    public let baseURL: URL
    public let requestTimeout: TimeInterval
    /// Sent as `X-Firebase-Storage-Version` on every request.
    public static let clientVersion = "storage-conformance/\(ServerIdentity.version)"

    package let transport: HTTPTransport
    package let address: EndpointAddress
    /// Sent as `Authorization: Bearer` on the `/internal` routes.
    package let adminToken: String?

    /// - Parameters:
    ///   - requestTimeout: how long a request may make no progress before it fails with `.transport`.
    ///   - session: the session to use; by default an ephemeral one without caches or cookies.
    ///   - adminToken: the admin token of a `StorageServer` that requires one on its `/internal` routes.
    public init(baseURL: URL, requestTimeout: TimeInterval = 30, session: URLSession? = nil, adminToken: String? = nil)
    {
        self.baseURL = baseURL
        self.requestTimeout = requestTimeout
        self.adminToken = adminToken
        transport = HTTPTransport(timeout: requestTimeout, session: session)
        address = EndpointAddress(baseURL)
    }

    // MARK: Metadata, deletion, listing

    public func getMetadata(_ object: ObjectAddress) throws(BackendError) -> ObjectResource {
        try send("GET", objectPath(object), auth: object.auth).decoded(ObjectResourceJSON.decode)
    }

    /// A patch that clears all custom metadata and sets some keys cannot be said in one v0 body; it is
    /// sent as one PATCH that deletes the object's other current keys (read first) and sets the new ones.
    public func updateMetadata(_ object: ObjectAddress, patch: MetadataPatch) throws(BackendError) -> ObjectResource {
        let patch = try patch.inOneRequest { () throws(BackendError) in
            Array(try getMetadata(object).customMetadata.keys)
        }
        return try send(
            "PATCH", objectPath(object), auth: object.auth, headers: [("Content-Type", Self.jsonContentType)],
            body: MetadataPatchJSON.encode(patch)
        ).decoded(ObjectResourceJSON.decode)
    }

    public func deleteObject(_ object: ObjectAddress) throws(BackendError) {
        _ = try send("DELETE", objectPath(object), auth: object.auth)
    }

    public func list(_ request: ListRequest) throws(BackendError) -> ListPage {
        return try send("GET", bucketPath(request.bucket), query: request.wireQuery, auth: request.auth).decoded(
            ListPageJSON.decode)
    }

    // MARK: Requests

    package static let jsonContentType = "application/json; charset=UTF-8"

    /// `/v0/b/<bucket>/o`.
    package func bucketPath(_ bucket: String) -> String {
        "/v0/b/" + PathSegment.encode(bucket) + "/o"
    }

    /// `/v0/b/<bucket>/o/<name>`.
    package func objectPath(_ object: ObjectAddress) -> String {
        bucketPath(object.bucket) + "/" + PathSegment.encode(object.name)
    }

    package func url(path: String, query: [(String, String)] = []) throws(BackendError) -> URL {
        try address.url(path: path, query: query)
    }

    /// Sends a request to `path` under the base URL; a status outside 2xx is thrown.
    package func send(
        _ method: String, _ path: String, query: [(String, String)] = [], auth: String?,
        headers: [(String, String)] = [], body: Data? = nil
    ) throws(BackendError) -> IncomingResponse {
        try send(
            OutgoingRequest(method: method, url: url(path: path, query: query), headers: headers, body: body),
            auth: auth)
    }

    /// Sends `request` with the client's headers (and `Authorization` when `auth` is given).
    package func send(_ request: OutgoingRequest, auth: String?) throws(BackendError) -> IncomingResponse {
        let response = try exchange(request, auth: auth)
        guard response.isSuccess else { throw ClientWire.failure(response) }
        return response
    }

    /// Like `send`, but any status is returned. A token no header can carry is refused here with the
    /// 401 a service gives an unreadable token.
    package func exchange(_ request: OutgoingRequest, auth: String?) throws(BackendError) -> IncomingResponse {
        var request = request
        request.headers.append(("X-Firebase-Storage-Version", Self.clientVersion))
        if let auth {
            guard let value = ClientWire.headerValue("Firebase \(auth)") else {
                throw BackendError(
                    .status(401), "Invalid authentication token: it cannot be sent in a header.",
                    request: request.described)
            }
            request.headers.append(("Authorization", value))
        }
        return try ClientWire.send(request, over: transport)
    }
}
