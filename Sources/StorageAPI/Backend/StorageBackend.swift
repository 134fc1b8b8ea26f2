import Foundation
import Primitives

/// What a storage service answers: the seam between the client and any implementation of Cloud Storage
/// for Firebase, in process (`ReferenceBackend`) or over the v0 wire protocol (`FirebaseV0Client`).
///
/// Every call is synchronous and may block (an HTTP backend waits for the network). Failures are
/// HTTP-shaped (`BackendError`), so the client maps the same cause to the same SDK error whichever
/// backend produced it. Object names are raw: no normalization, compared byte for byte.
public protocol StorageBackend: Sendable {
    /// Opens a resumable upload session for `request.name`.
    func startUpload(_ request: UploadStart) throws(BackendError) -> UploadSession
    /// Sends `data` at `offset` of the session; with `finalize`, the object is committed after it.
    /// A non-final chunk's length is a multiple of the session's granularity.
    func uploadChunk(session: String, offset: Int64, data: Data, finalize: Bool) throws(BackendError) -> UploadStatus
    /// `uploadChunk(session:offset:data:finalize:)` with the bytes pulled from `body` as they arrive, so a server
    /// need not hold a request body whole; the session and the offset are checked before any byte is read.
    func uploadChunk(session: String, offset: Int64, body: any UploadBody, finalize: Bool) throws(BackendError)
        -> UploadStatus
    /// Asks how many bytes the session holds and whether it is still active.
    func queryUpload(session: String) throws(BackendError) -> UploadStatus
    /// Abandons the session; its bytes are discarded.
    func cancelUpload(session: String) throws(BackendError)
    /// Reads a byte range of an object.
    func readObject(_ request: ReadRequest) throws(BackendError) -> ObjectRead
    func getMetadata(_ object: ObjectAddress) throws(BackendError) -> ObjectResource
    func updateMetadata(_ object: ObjectAddress, patch: MetadataPatch) throws(BackendError) -> ObjectResource
    func deleteObject(_ object: ObjectAddress) throws(BackendError)
    func list(_ request: ListRequest) throws(BackendError) -> ListPage
    /// Throws what a write of `object` by its caller would fail with (400, 401, 403) when that can be told
    /// before any bytes arrive; a server calls it before reading a request body. By default it tells nothing.
    func checkWrite(_ object: ObjectAddress) throws(BackendError)
}

extension StorageBackend {
    public func checkWrite(_ object: ObjectAddress) throws(BackendError) {}

    /// By default the body is read into memory, then sent as one chunk.
    public func uploadChunk(session: String, offset: Int64, body: any UploadBody, finalize: Bool)
        throws(BackendError) -> UploadStatus
    {
        try uploadChunk(session: session, offset: offset, data: try body.readAll(), finalize: finalize)
    }
}

/// One object of one bucket, as the given caller asks for it.
public struct ObjectAddress: Sendable, Equatable {
    public var bucket: String
    public var name: String
    /// The caller's Firebase ID token (`Authorization: Firebase <token>`), or nil when signed out.
    public var auth: String?

    public init(bucket: String, name: String, auth: String? = nil) {
        self.bucket = bucket
        self.name = name
        self.auth = auth
    }
}

/// The start of a resumable upload.
public struct UploadStart: Sendable, Equatable {
    public var object: ObjectAddress
    public var metadata: ObjectMetadataFields
    /// The total size the client announces, when it knows it.
    public var size: Int64?
    /// The whole object follows in one request (a media upload): no client can resume the session, so it is not
    /// kept across a restart.
    public var isOneShot: Bool
    /// Whose rules the write follows: a missing bucket, a default `Content-Disposition` (`StorageLayer`).
    public var layer: StorageLayer

    public init(
        object: ObjectAddress, metadata: ObjectMetadataFields = ObjectMetadataFields(), size: Int64? = nil,
        isOneShot: Bool = false, layer: StorageLayer = .firebase
    ) {
        self.object = object
        self.metadata = metadata
        self.size = size
        self.isOneShot = isOneShot
        self.layer = layer
    }
}

/// An open resumable upload.
public struct UploadSession: Sendable, Equatable {
    /// Opaque: an id in process, the upload URL over HTTP.
    public var id: String
    /// Chunk sizes must be multiples of this (`X-Goog-Upload-Chunk-Granularity`); 1 when the service sets none.
    public var granularity: Int64

    public init(id: String, granularity: Int64) {
        self.id = id
        self.granularity = granularity
    }
}

/// Where a resumable upload stands.
public struct UploadStatus: Sendable, Equatable {
    public enum State: String, Sendable, Equatable {
        case active, final, cancelled
    }

    public var state: State
    public var receivedBytes: Int64
    /// The committed object, when the upload is final and the answer carried it.
    public var resource: ObjectResource?
    /// The session's chunk granularity, where the answer reports it (production does on a query).
    public var granularity: Int64?
    /// The object the session writes, where the backend reports it (the in-memory service does on a query).
    public var object: ObjectAddress?

    public init(
        state: State, receivedBytes: Int64, resource: ObjectResource? = nil, granularity: Int64? = nil,
        object: ObjectAddress? = nil
    ) {
        self.state = state
        self.receivedBytes = receivedBytes
        self.resource = resource
        self.granularity = granularity
        self.object = object
    }
}

/// A read of `length` bytes (to the end when nil) from `offset` of an object.
public struct ReadRequest: Sendable, Equatable {
    public var object: ObjectAddress
    public var offset: Int64
    public var length: Int64?
    /// A download token (`?token=`), which grants the read without rules.
    public var downloadToken: String?
    /// The media ETag the download started with (HTTP's `If-Range`): when the object no longer has it, the
    /// read answers the whole current object from byte 0, so a resumed download never splices two objects.
    public var ifRange: String?

    public init(
        object: ObjectAddress, offset: Int64 = 0, length: Int64? = nil, downloadToken: String? = nil,
        ifRange: String? = nil
    ) {
        self.object = object
        self.offset = offset
        self.length = length
        self.downloadToken = downloadToken
        self.ifRange = ifRange
    }
}

/// The bytes a read returned and the object's whole size.
public struct ObjectRead: Sendable, Equatable {
    /// The bytes, unless they are in `file`.
    public var data: Data
    /// Where the bytes are when a disk-backed service read them: a region of the object's file, for a server to
    /// send without loading it (`data` is then empty). `contents()` has them in memory either way.
    public var file: FileRegion?
    public var totalSize: Int64
    /// Where `data` starts: the offset asked for, or 0 when an `ifRange` no longer matched.
    public var offset: Int64
    /// The object's media ETag, where the service tells it.
    public var etag: String?
    /// The object's metadata, where the backend has it at hand and the caller may read it (a read granted
    /// by the rules, not by a download token): a server answering the read need not ask for it again.
    public var resource: ObjectResource?

    public init(data: Data, totalSize: Int64, offset: Int64 = 0, etag: String? = nil, resource: ObjectResource? = nil) {
        self.data = data
        self.totalSize = totalSize
        self.offset = offset
        self.etag = etag
        self.resource = resource
    }

    /// How many bytes the read returned.
    public var count: Int64 { file?.length ?? Int64(data.count) }

    /// The bytes read, in memory.
    public func contents() throws(BackendError) -> Data {
        try file?.load() ?? data
    }

    /// The bytes read, as an upload's (the source of a copy).
    public var body: any UploadBody {
        file.map { FileRegionReader($0) } ?? DataUploadBody(data)
    }

    /// The read without its first `count` bytes.
    public func dropFirst(_ count: Int64) -> ObjectRead {
        var rest = self
        if let file {
            rest.file = file.dropFirst(count)
        } else {
            rest.data = data.dropFirst(Int(max(0, min(count, Int64(data.count)))))
        }
        rest.offset = offset + min(max(0, count), self.count)
        return rest
    }
}

/// A list request. Through the Firebase layer, `prefix` is empty or ends with the delimiter (`StorageLayer`).
public struct ListRequest: Sendable, Equatable {
    public var bucket: String
    public var prefix: String
    public var delimiter: String?
    /// 1…1000; nil means the service's default (1000).
    public var maxResults: Int?
    public var pageToken: String?
    public var auth: String?
    /// Whose rules the listing follows: which prefixes it takes, which names it hides (`StorageLayer`).
    public var layer: StorageLayer
    /// Only entries that sort after this name, in byte order (the XML API's `start-after` and `marker`).
    public var startAfter: String?

    public init(
        bucket: String, prefix: String = "", delimiter: String? = "/", maxResults: Int? = nil, pageToken: String? = nil,
        auth: String? = nil, layer: StorageLayer = .firebase, startAfter: String? = nil
    ) {
        self.bucket = bucket
        self.prefix = prefix
        self.delimiter = delimiter
        self.maxResults = maxResults
        self.pageToken = pageToken
        self.auth = auth
        self.layer = layer
        self.startAfter = startAfter
    }
}

/// One page of a listing, as on the wire: prefixes keep their trailing delimiter.
public struct ListPage: Sendable, Equatable {
    public var prefixes: [String]
    public var items: [String]
    public var nextPageToken: String?

    public init(prefixes: [String] = [], items: [String] = [], nextPageToken: String? = nil) {
        self.prefixes = prefixes
        self.items = items
        self.nextPageToken = nextPageToken
    }
}
