import Foundation
import Primitives
import StorageAPI

/// The XML API's multipart uploads in progress, with one owner: `serve` keeps one table, which a reset empties. Each
/// upload is its object's address and metadata, and the parts received so far (in memory, until the upload is
/// completed or aborted). Bounded (docs/limits.md): an upload untouched for `limits.idle` is forgotten; at most
/// `limits.uploads` uploads, `limits.uploadsPerClient` of them from one client address, and `limits.bytes` bytes of
/// parts at once. When full, the uploads untouched for `limits.abandoned` are evicted, oldest first; when none is,
/// the request is answered 429 `SlowDown`.
package final class XMLMultipartUploads: Sendable {
    struct Part: Sendable {
        var data: Data
        /// The hex MD5 of the part, unquoted.
        var etag: String
        var lastModified: Date
    }

    struct Upload: Sendable {
        var object: ObjectAddress
        var metadata: ObjectMetadataFields
        var initiated: Date
        /// The address of the client that started it.
        var client: String
        /// When a request last touched it (monotonic milliseconds).
        var touched: Int
        var parts: [Int: Part] = [:]

        var bytes: Int64 { parts.values.reduce(0) { $0 + Int64($1.data.count) } }
    }

    /// How many uploads, bytes and idle time the table allows.
    package struct Limits: Sendable, Equatable {
        package var uploads = 10_000
        package var uploadsPerClient = 1_000
        /// The most bytes of parts held at once, across uploads.
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
        var bytes: Int64 = 0
    }

    private let table = Locked(Table())
    private let clock: @Sendable () -> Int

    /// - Parameter clock: monotonic milliseconds (tests pass their own).
    package init(limits: Limits = Limits(), clock: @escaping @Sendable () -> Int = { MonotonicClock.milliseconds() }) {
        self.limits = limits
        self.clock = clock
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
                object: object, metadata: metadata, initiated: Date(), client: client, touched: now)
            return freed
        }
        Self.free(freed)
        return id
    }

    /// The upload `id` of `object`, or 404 `NoSuchUpload`.
    func upload(_ id: String, of object: ObjectAddress) throws(BackendError) -> Upload {
        try table.withLock { (table: inout Table) throws(BackendError) -> Upload in
            let now = clock()
            guard var upload = live(table, id, now: now), upload.object == object else { throw Self.noSuchUpload(id) }
            upload.touched = now
            table.uploads[id]?.touched = now
            return upload
        }
    }

    /// Whether a part of `count` bytes for upload `id` could be held now: 404 when there is no such upload, 429 when
    /// the parts in progress leave no room, even after evicting abandoned uploads. Asked before the part is read.
    func admit(_ count: Int64, upload id: String, of object: ObjectAddress) throws(BackendError) {
        let freed = try table.withLock { (table: inout Table) throws(BackendError) -> [Upload] in
            let now = clock()
            guard let upload = live(table, id, now: now), upload.object == object else { throw Self.noSuchUpload(id) }
            return try room(for: count, in: &table, keeping: id, now: now)
        }
        Self.free(freed)
    }

    /// Stores (or replaces) part `number`; returns its ETag, unquoted.
    func put(_ data: Data, number: Int, upload id: String, of object: ObjectAddress) throws(BackendError) -> String {
        let part = Part(data: data, etag: Self.hexMD5(data), lastModified: Date())
        let freed = try table.withLock { (table: inout Table) throws(BackendError) -> [Upload] in
            let now = clock()
            guard let upload = live(table, id, now: now), upload.object == object else { throw Self.noSuchUpload(id) }
            let replaced = Int64(upload.parts[number]?.data.count ?? 0)
            let freed = try room(for: Int64(data.count) - replaced, in: &table, keeping: id, now: now)
            table.uploads[id]?.parts[number] = part
            table.uploads[id]?.touched = now
            table.bytes += Int64(data.count) - replaced
            return freed
        }
        Self.free(freed)
        return part.etag
    }

    /// Removes the upload (once completed, or aborted); 404 when there is none.
    func remove(_ id: String, of object: ObjectAddress) throws(BackendError) {
        let removed = try table.withLock { (table: inout Table) throws(BackendError) -> Upload in
            guard let upload = live(table, id, now: clock()), upload.object == object else {
                throw Self.noSuchUpload(id)
            }
            table.bytes -= upload.bytes
            table.uploads[id] = nil
            return upload
        }
        Self.free([removed])
    }

    package func removeAll() {
        let old = table.withLock { table in
            defer { table = Table() }
            return table
        }
        Self.free(Array(old.uploads.values))
    }

    /// The bytes of parts held now.
    package var heldBytes: Int64 { table.withLock { $0.bytes } }

    /// The upload, unless it expired.
    private func live(_ table: Table, _ id: String, now: Int) -> Upload? {
        guard let upload = table.uploads[id], now - upload.touched < limits.idle.milliseconds else { return nil }
        return upload
    }

    /// Makes room for `count` more bytes, evicting abandoned uploads other than `keeping`; 429 when it cannot.
    private func room(for count: Int64, in table: inout Table, keeping id: String, now: Int) throws(BackendError)
        -> [Upload]
    {
        guard count > 0 else { return [] }
        var freed = expire(&table, now: now)
        if table.bytes + count > limits.bytes {
            freed += evict(&table, now: now, sparing: id) { $0.bytes + count <= self.limits.bytes }
        }
        guard table.bytes + count <= limits.bytes else {
            throw XMLErrorBody.coded(
                "SlowDown", status: 429,
                "The multipart uploads in progress hold \(table.bytes) bytes; this part would pass the limit of \(limits.bytes). Retry later."
            )
        }
        return freed
    }

    /// Drops the uploads untouched for `limits.idle`; returns them, to be freed outside the lock.
    private func expire(_ table: inout Table, now: Int) -> [Upload] {
        let idle = limits.idle.milliseconds
        let expired = table.uploads.filter { now - $0.value.touched >= idle }
        for (id, upload) in expired {
            table.uploads[id] = nil
            table.bytes -= upload.bytes
        }
        return Array(expired.values)
    }

    /// Evicts uploads untouched for `limits.abandoned`, oldest first, until `enough`.
    private func evict(
        _ table: inout Table, now: Int, sparing spared: String? = nil, until enough: (Table) -> Bool
    ) -> [Upload] {
        let abandoned = limits.abandoned.milliseconds
        let candidates = table.uploads.filter { $0.key != spared && now - $0.value.touched >= abandoned }
            .sorted { $0.value.touched < $1.value.touched }
        var evicted: [Upload] = []
        for (id, upload) in candidates {
            if enough(table) { break }
            table.uploads[id] = nil
            table.bytes -= upload.bytes
            evicted.append(upload)
        }
        return evicted
    }

    /// Frees `uploads` here, outside the lock, and lets the allocator return the memory.
    private static func free(_ uploads: [Upload]) {
        guard !uploads.isEmpty else { return }
        let bytes = uploads.reduce(0) { $0 + Int($1.bytes) }
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
