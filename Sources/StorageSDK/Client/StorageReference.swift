import Foundation
import StorageAPI

/// A path in a bucket and the operations on it (the SDK's `StorageReference`).
///
/// Two references are equal when they belong to the same `Storage` and have the same path, compared byte
/// for byte; the root (no path) and an empty path (`child("/")`, `child("a").parent()`) differ although
/// both print `gs://bucket/`.
public struct StorageReference: Sendable, Hashable, CustomStringConvertible {
    public let storage: Storage
    public let storagePath: StoragePath

    init(storage: Storage, path: StoragePath) {
        self.storage = storage
        self.storagePath = path
    }

    public var bucket: String { storagePath.bucket }
    /// The path, `""` at the root.
    public var fullPath: String { storagePath.fullPath }
    /// The last segment, `""` at the root.
    public var name: String { storagePath.name }
    /// `gs://bucket/path`.
    public var description: String { storagePath.description }

    public func child(_ path: String) -> StorageReference {
        StorageReference(storage: storage, path: storagePath.child(path))
    }
    /// Nil at the root and at an empty path.
    public func parent() -> StorageReference? {
        storagePath.parent().map { StorageReference(storage: storage, path: $0) }
    }
    public func root() -> StorageReference { StorageReference(storage: storage, path: storagePath.root()) }

    public static func == (lhs: StorageReference, rhs: StorageReference) -> Bool {
        lhs.storage === rhs.storage && lhs.storagePath == rhs.storagePath
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(storage))
        hasher.combine(storagePath)
    }

    // MARK: Transfers

    /// Uploads `data`; the content type is the given metadata's, else `application/octet-stream`.
    @discardableResult
    public func putData(_ data: Data, metadata: StorageMetadata? = nil) -> StorageUploadTask {
        let task = StorageUploadTask(
            reference: self, source: .data(data), metadata: uploadMetadata(metadata, file: nil))
        task.start()
        return task
    }

    /// Uploads the file at `url`; without a content type in `metadata`, it comes from the file's extension.
    @discardableResult
    public func putFile(from url: URL, metadata: StorageMetadata? = nil) -> StorageUploadTask {
        let task = StorageUploadTask(reference: self, source: .file(url), metadata: uploadMetadata(metadata, file: url))
        task.start()
        return task
    }

    /// Downloads the object into memory, failing with `downloadSizeExceeded` when it is larger than `maxSize`.
    @discardableResult
    public func getData(maxSize: Int64) -> StorageDownloadTask {
        let task = StorageDownloadTask(reference: self, destination: .memory(maxSize: maxSize))
        task.start()
        return task
    }

    /// Downloads the object into the file at `url`.
    @discardableResult
    public func write(toFile url: URL) -> StorageDownloadTask {
        let task = StorageDownloadTask(reference: self, destination: .file(url))
        task.start()
        return task
    }

    private func uploadMetadata(_ given: StorageMetadata?, file: URL?) -> StorageMetadata {
        var metadata = given ?? StorageMetadata()
        metadata.path = fullPath
        if metadata.contentType == nil {
            metadata.contentType =
                file.map { MIMETypes.contentType(forFile: $0.lastPathComponent) } ?? "application/octet-stream"
        }
        return metadata
    }

    // MARK: Metadata, URLs, deletion

    public func getMetadata() throws(StorageError) -> StorageMetadata {
        try refuseRoot("getMetadata")
        return StorageMetadata(
            resource: try call { backend, address throws(BackendError) in try backend.getMetadata(address) })
    }

    /// Sends what changed in `metadata` since it was read (`StorageMetadata.patch()`).
    public func updateMetadata(_ metadata: StorageMetadata) throws(StorageError) -> StorageMetadata {
        try updateMetadata(patch: metadata.patch())
    }

    public func updateMetadata(patch: MetadataPatch) throws(StorageError) -> StorageMetadata {
        try refuseRoot("updateMetadata")
        return StorageMetadata(
            resource: try call { backend, address throws(BackendError) in
                try backend.updateMetadata(address, patch: patch)
            })
    }

    public func delete() throws(StorageError) {
        try refuseRoot("delete")
        try call { backend, address throws(BackendError) in try backend.deleteObject(address) }
    }

    /// `HOST/v0/b/BUCKET/o/PATH?alt=media&token=TOKEN` with the object's first download token.
    public func downloadURL() throws(StorageError) -> URL {
        try refuseRoot("downloadURL")
        let resource = try call { backend, address throws(BackendError) in try backend.getMetadata(address) }
        guard let token = resource.downloadTokens.first(where: { !$0.isEmpty }),
            let url = URL(
                string: DownloadURL.make(host: storage.host, bucket: resource.bucket, name: resource.name, token: token)
            )
        else {
            throw .unknown("Failed to retrieve a download URL.", bucket: bucket, object: storagePath.object)
        }
        return url
    }

    // MARK: Listing

    /// One page of at most `maxResults` (1…1000) prefixes and items together.
    public func list(maxResults: Int64, pageToken: String? = nil) throws(StorageError) -> StorageListResult {
        guard (1...1000).contains(maxResults) else {
            throw .maxResultsOutOfRange(bucket: bucket, object: storagePath.object)
        }
        return try listPage(maxResults: Int(maxResults), pageToken: pageToken)
    }

    /// Every prefix and item, page after page until no token is left. A prefix repeated on several pages
    /// (the Firebase emulator does that) is listed once.
    public func listAll() throws(StorageError) -> StorageListResult {
        var prefixes: [StorageReference] = []
        var items: [StorageReference] = []
        var seenPrefixes = Set<StorageReference>()
        var seenTokens = Set<String>()
        var token: String?
        repeat {
            let page = try listPage(maxResults: nil, pageToken: token)
            for prefix in page.prefixes where seenPrefixes.insert(prefix).inserted { prefixes.append(prefix) }
            items += page.items
            token = page.pageToken
            if let token, !seenTokens.insert(token).inserted {
                throw .unknown(
                    "The service returned the page token \(token) twice.", bucket: bucket, object: storagePath.object)
            }
        } while token != nil
        return StorageListResult(prefixes: prefixes, items: items, pageToken: nil)
    }

    private func listPage(maxResults: Int?, pageToken: String?) throws(StorageError) -> StorageListResult {
        let request = ListRequest(
            bucket: bucket, prefix: fullPath.isEmpty ? "" : fullPath + "/", delimiter: "/",
            maxResults: maxResults, pageToken: pageToken, auth: storage.authToken)
        let page: ListPage
        do {
            page = try RetryPolicy.run(longestWait: storage.maxOperationRetryTime, clock: storage.clock) {
                _ throws(BackendError) in try storage.backend.list(request)
            }
        } catch {
            throw .from(error, bucket: bucket, object: storagePath.object)
        }
        let root = root()
        return StorageListResult(
            prefixes: page.prefixes.map { root.child($0.hasSuffix("/") ? String($0.dropLast()) : $0) },
            items: page.items.map { root.child($0) },
            pageToken: page.nextPageToken)
    }

    /// The root and an empty path name no object: operations on one are refused before any request.
    private func refuseRoot(_ operation: String) throws(StorageError) {
        if storagePath.object?.isEmpty ?? true { throw .rootOperation(operation, bucket: bucket) }
    }

    private func call<Value>(_ body: (any StorageBackend, ObjectAddress) throws(BackendError) -> Value)
        throws(StorageError) -> Value
    {
        let address = ObjectAddress(bucket: bucket, name: fullPath, auth: storage.authToken)
        do {
            return try RetryPolicy.run(longestWait: storage.maxOperationRetryTime, clock: storage.clock) {
                _ throws(BackendError) in try body(storage.backend, address)
            }
        } catch {
            throw .from(error, bucket: bucket, object: storagePath.object)
        }
    }
}
