import Foundation
import HTTPCore
import StorageAPI
import StorageWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A server speaking the Google Cloud Storage JSON API, as a `StorageBackend`: fake-gcs-server,
/// gcp-storage-emulator, storage-testbench, the Firebase emulator's GCS side, or GCS itself.
///
/// Each operation is the JSON API request a GCS client library sends for it (docs/gcs-dialect.md §2):
/// object resources under `/storage/v1/b/B/o/NAME`, media with `alt=media` and `Range`, uploads under
/// `/upload/storage/v1/b/B/o` (resumable: chunks with `Content-Range`, `308` with `Range`), lists with
/// `prefix`, `delimiter`, `maxResults` and `pageToken`. Errors are GCS's `{"error":{"code","message"}}`,
/// mapped by status like the v0 ones. Firebase ID tokens are not sent: GCS authorises with OAuth, which
/// emulators ignore.
public final class GCSJSONClient: StorageBackend {
    /// The endpoint, such as `http://127.0.0.1:4443`.
    public let baseURL: URL
    public let requestTimeout: TimeInterval
    /// The project buckets are created in (`POST /storage/v1/b?project=`).
    public let project: String
    /// Non-final chunks of a resumable upload are multiples of this: 256 KiB, as GCS requires, by default.
    public let chunkGranularity: Int64

    package let transport: HTTPTransport
    let address: EndpointAddress

    public init(
        baseURL: URL, requestTimeout: TimeInterval = 30, project: String = "storage-conformance",
        chunkGranularity: Int64 = 256 * 1024
    ) {
        self.baseURL = baseURL
        self.chunkGranularity = max(1, chunkGranularity)
        self.requestTimeout = requestTimeout
        self.project = project
        transport = HTTPTransport(timeout: requestTimeout, session: nil)
        address = EndpointAddress(baseURL)
    }

    // MARK: Objects

    public func getMetadata(_ object: ObjectAddress) throws(BackendError) -> ObjectResource {
        try send("GET", objectPath(object)).decoded(GCSObjectJSON.decode)
    }

    /// GCS's PATCH has the same shape as v0's: a field set to null is removed, `metadata` merges key by key,
    /// `"metadata": null` removes every custom key. Clearing all keys and setting some is two requests.
    public func updateMetadata(_ object: ObjectAddress, patch: MetadataPatch) throws(BackendError) -> ObjectResource {
        let patch = try patch.inOneRequest { () throws(BackendError) in
            Array(try getMetadata(object).customMetadata.keys)
        }
        return try send(
            "PATCH", objectPath(object), headers: [("Content-Type", Self.jsonContentType)],
            body: MetadataPatchJSON.encode(patch)
        ).decoded(GCSObjectJSON.decode)
    }

    public func deleteObject(_ object: ObjectAddress) throws(BackendError) {
        _ = try send("DELETE", objectPath(object))
    }

    /// GCS counts prefixes toward `maxResults` as it does items (docs/gcs-dialect.md §3).
    public func list(_ request: ListRequest) throws(BackendError) -> ListPage {
        try send("GET", bucketPath(request.bucket) + "/o", query: request.wireQuery).decoded(ListPageJSON.decode)
    }

    // MARK: Requests

    static let jsonContentType = "application/json; charset=UTF-8"

    /// `/storage/v1/b/<bucket>`.
    func bucketPath(_ bucket: String) -> String {
        "/storage/v1/b/" + PathSegment.encode(bucket)
    }

    /// `/storage/v1/b/<bucket>/o/<name>`, the name escaped as one segment (`/` as `%2F`).
    func objectPath(_ object: ObjectAddress) -> String {
        bucketPath(object.bucket) + "/o/" + PathSegment.encode(object.name)
    }

    /// Sends a request to `path` under the base URL; a status outside 2xx is thrown.
    func send(
        _ method: String, _ path: String, query: [(String, String)] = [], headers: [(String, String)] = [],
        body: Data? = nil
    ) throws(BackendError) -> IncomingResponse {
        try send(
            OutgoingRequest(method: method, url: address.url(path: path, query: query), headers: headers, body: body))
    }

    func send(_ request: OutgoingRequest) throws(BackendError) -> IncomingResponse {
        let response = try ClientWire.send(request, over: transport)
        guard response.isSuccess else { throw ClientWire.failure(response) }
        return response
    }
}
