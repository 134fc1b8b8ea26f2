import Foundation
import Primitives
import StorageAPI

/// The XML API's multipart uploads in progress, with one owner: `serve` keeps one table, which a reset empties. Each
/// upload is its object's address and metadata, and the parts received so far (in memory, or in files of a folder
/// when given one, until the upload is completed or aborted). Bounded (docs/limits.md): an upload untouched for
/// `limits.idle` is forgotten; at most `limits.uploads` uploads, `limits.uploadsPerClient` of them from one client
/// address; parts in memory count in a `PendingUploadBudget` shared with resumable uploads. When full, the uploads
/// untouched for `limits.abandoned` are evicted, oldest first; when none is, the request is answered 429 `SlowDown`.
package final class XMLMultipartUploads: Sendable {
    struct Part: Sendable {
        var data: Data
        /// The hex MD5 of the part, unquoted.
        var etag: String
        var lastModified: Date
        /// Whether `data` maps a file of the parts folder.
        var onDisk = false
    }

    struct Upload: Sendable {
        var id: String
        var object: ObjectAddress
        var metadata: ObjectMetadataFields
        var initiated: Date
        /// The address of the client that started it.
        var client: String
        /// When a request last touched it (monotonic milliseconds).
        var touched: Int
        var parts: [Int: Part] = [:]

        /// The bytes of its parts held in memory (parts in files are mapped, not counted).
        var bytes: Int64 { parts.values.reduce(0) { $0 + ($1.onDisk ? 0 : Int64($1.data.count)) } }
    }

    /// How many uploads, bytes and idle time the table allows.
    package struct Limits: Sendable, Equatable {
        package var uploads = 10_000
        package var uploadsPerClient = 1_000
        /// The most bytes of parts held in memory at once, across uploads, when no budget is shared.
        package var bytes: Int64 = 1 << 30
        /// An upload untouched this long is gone (404 `NoSuchUpload`), as a resumable session is after
        /// `--session-idle`.
        package var idle: Duration = .seconds(3600)
        /// An upload untouched this long may be evicted to make room for another.
        package var abandoned: Duration = .seconds(60)

        package init() {}
    }

    package let limits: Limits

    private struct Table {
        var uploads: [String: Upload] = [:]
    }

    private let table = Locked(Table())
    private let clock: @Sendable () -> Int
    /// The bytes of uploads in memory, shared with resumable uploads when `serve` passes one.
    let budget: PendingUploadBudget
    /// Where parts are kept, when not in memory.
    let files: XMLPartFiles?

    /// - Parameters:
    ///   - budget: the budget parts in memory count in; by default one of `limits.bytes` for this table alone.
    ///   - partsFolder: a folder to keep parts in (emptied now: uploads do not outlive the process).
    ///   - clock: monotonic milliseconds (tests pass their own).
    package init(
        limits: Limits = Limits(), budget: PendingUploadBudget? = nil, partsFolder: String? = nil,
        clock: @escaping @Sendable () -> Int = { MonotonicClock.milliseconds() }
    ) {
        self.limits = limits
        self.clock = clock
        self.budget = budget ?? PendingUploadBudget(limit: limits.bytes, abandonedAfter: limits.abandoned, clock: clock)
        files = partsFolder.map { XMLPartFiles(folder: $0) }
    }

    /// A new upload's id.
    func initiate(_ object: ObjectAddress, metadata: ObjectMetadataFields, client: String) throws(BackendError)
        -> String
    {
        let id = Identifiers.uploadID()
        let freed = try table.withLock { (table: inout Table) throws(BackendError) -> [Upload] in
            let now = clock()
            var freed = expire(&table, now: now)
            let mine = table.uploads.values.count { $0.client == client }
            guard mine < limits.uploadsPerClient else {
                throw XMLErrorBody.coded(
                    "SlowDown", status: 429,
                    "This client has \(mine) multipart uploads in progress, the most one client may have; complete or abort some."
                )
            }
            if table.uploads.count >= limits.uploads {
                freed += evict(&table, now: now) { table in table.uploads.count < self.limits.uploads }
            }
            guard table.uploads.count < limits.uploads else {
                throw XMLErrorBody.coded(
                    "SlowDown", status: 429, "Too many multipart uploads in progress (\(limits.uploads)); retry later.")
            }
            table.uploads[id] = Upload(
                id: id, object: object, metadata: metadata, initiated: Date(), client: client, touched: now)
            return freed
        }
        free(freed)
        budget.register(id) { [weak self] in self?.evicted(id) }
        return id
    }

    /// The upload `id` of `object`, or 404 `NoSuchUpload`.
    func upload(_ id: String, of object: ObjectAddress) throws(BackendError) -> Upload {
        let found = try table.withLock { (table: inout Table) throws(BackendError) -> Upload in
            let now = clock()
            guard var upload = live(table, id, now: now), upload.object == object else { throw Self.noSuchUpload(id) }
            upload.touched = now
            table.uploads[id]?.touched = now
            return upload
        }
        budget.touch(id)
        return found
    }

    /// Whether a part of `count` bytes for upload `id` could be held now: 404 when there is no such upload, 429 when
    /// the parts in progress leave no room, even after evicting abandoned uploads. Asked before the part is read.
    func admit(_ count: Int64, upload id: String, of object: ObjectAddress) throws(BackendError) {
        _ = try upload(id, of: object)
        if files == nil, !budget.reserve(count, for: id, keep: false) { throw try full(id, of: object) }
    }

    /// Stores (or replaces) part `number`; returns its ETag, unquoted.
    func put(_ data: Data, number: Int, upload id: String, of object: ObjectAddress) throws(BackendError) -> String {
        _ = try upload(id, of: object)
        var part = Part(data: data, etag: Self.hexMD5(data), lastModified: Date())
        if let files {
            part.data = try files.keep(data, number: number, upload: id)
            part.onDisk = true
        } else if !budget.reserve(Int64(data.count), for: id) {
            throw try full(id, of: object)
        }
        let kept = part
        let replaced = table.withLock { (table: inout Table) -> Part?? in
            let now = clock()
            guard let upload = live(table, id, now: now), upload.object == object else { return .none }
            let replaced = upload.parts[number]
            table.uploads[id]?.parts[number] = kept
            table.uploads[id]?.touched = now
            return .some(replaced)
        }
        guard let replaced else {
            // Evicted or removed while the part was kept: nothing of it stays.
            if files != nil { files?.remove(number: number, upload: id) }
            throw Self.noSuchUpload(id)
        }
        if let replaced, !replaced.onDisk { budget.release(Int64(replaced.data.count), for: id) }
        return part.etag
    }

    /// Why a part does not fit: the upload is gone (404) or the budget is full (429).
    private func full(_ id: String, of object: ObjectAddress) throws(BackendError) -> BackendError {
        _ = try upload(id, of: object)
        return XMLErrorBody.coded(
            "SlowDown", status: 429,
            "The uploads in progress hold \(budget.heldBytes) bytes in memory; this part would pass the limit of \(budget.limit), and none has been idle long enough to be evicted. Retry later."
        )
    }

    /// An upload the budget evicted to make room for another.
    private func evicted(_ id: String) {
        let removed = table.withLock { (table: inout Table) -> Upload? in
            table.uploads.removeValue(forKey: id)
        }
        if let removed { free([removed]) }
    }

    /// Removes the upload (once completed, or aborted); 404 when there is none.
    func remove(_ id: String, of object: ObjectAddress) throws(BackendError) {
        let removed = try table.withLock { (table: inout Table) throws(BackendError) -> Upload in
            guard let upload = live(table, id, now: clock()), upload.object == object else {
                throw Self.noSuchUpload(id)
            }
            table.uploads[id] = nil
            return upload
        }
        free([removed])
    }

    package func removeAll() {
        let old = table.withLock { table in
            defer { table = Table() }
            return table
        }
        free(Array(old.uploads.values))
        files?.removeAll()
    }

    /// The bytes of parts held now.
    package var heldBytes: Int64 { table.withLock { $0.uploads.values.reduce(0) { $0 + $1.bytes } } }

    /// The upload, unless it expired.
    private func live(_ table: Table, _ id: String, now: Int) -> Upload? {
        guard let upload = table.uploads[id], now - upload.touched < limits.idle.milliseconds else { return nil }
        return upload
    }

    /// Drops the uploads untouched for `limits.idle`; returns them, to be freed outside the lock.
    private func expire(_ table: inout Table, now: Int) -> [Upload] {
        let idle = limits.idle.milliseconds
        let expired = table.uploads.filter { now - $0.value.touched >= idle }
        for id in expired.keys { table.uploads[id] = nil }
        return Array(expired.values)
    }

    /// Evicts uploads untouched for `limits.abandoned`, oldest first, until `enough`.
    private func evict(_ table: inout Table, now: Int, until enough: (Table) -> Bool) -> [Upload] {
        let abandoned = limits.abandoned.milliseconds
        let candidates = table.uploads.filter { now - $0.value.touched >= abandoned }
            .sorted { $0.value.touched < $1.value.touched }
        var evicted: [Upload] = []
        for (id, upload) in candidates {
            if enough(table) { break }
            table.uploads[id] = nil
            evicted.append(upload)
        }
        return evicted
    }

    /// Frees `uploads` here, outside the lock (their budget and files too), and lets the allocator return the memory.
    private func free(_ uploads: [Upload]) {
        guard !uploads.isEmpty else { return }
        let bytes = uploads.reduce(0) { $0 + Int($1.bytes) }
        for upload in uploads {
            budget.remove(upload.id)
            files?.removeUpload(upload.id)
        }
        withExtendedLifetime(uploads) {}
        MemoryReturn.noteFreed(bytes: bytes)
    }

    static func noSuchUpload(_ id: String) -> BackendError {
        XMLErrorBody.coded(
            "NoSuchUpload", status: 404,
            "The specified multipart upload does not exist (\(id)): it was completed, aborted, or never made for this object."
        )
    }

    static func hexMD5(_ data: Data) -> String {
        MD5.digest(of: data).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

extension Duration {
    fileprivate var milliseconds: Int {
        let (seconds, attoseconds) = components
        let (millis, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        return overflow ? Int.max : Int(clamping: millis) + Int(attoseconds / 1_000_000_000_000_000)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// Upload ids: 32 random hexadecimal digits.
enum Identifiers {
    static func uploadID() -> String {
        UUID().uuidString.lowercased().filter { $0 != "-" }
    }
}
