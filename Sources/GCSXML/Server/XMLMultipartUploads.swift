import Foundation
import Primitives
import StorageAPI

/// The XML API's multipart uploads in progress, with one owner: `serve` keeps one table, which a reset empties. Each
/// upload is its object's address and metadata, and the parts received so far (in memory, until the upload is
/// completed or aborted). Bounded: at most `uploadLimit` uploads and `byteLimit` bytes of parts at once (429
/// beyond).
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
        var parts: [Int: Part] = [:]
    }

    package static let uploadLimit = 10_000
    package let byteLimit: Int64

    private struct Table {
        var uploads: [String: Upload] = [:]
        var bytes: Int64 = 0
    }

    private let table = Locked(Table())

    /// - Parameter byteLimit: the most bytes of parts held at once, across uploads.
    package init(byteLimit: Int64 = 4 << 30) {
        self.byteLimit = byteLimit
    }

    /// A new upload's id.
    func initiate(_ object: ObjectAddress, metadata: ObjectMetadataFields) throws(BackendError) -> String {
        let id = Identifiers.uploadID()
        try table.withLock { (table: inout Table) throws(BackendError) in
            guard table.uploads.count < Self.uploadLimit else {
                throw XMLErrorBody.coded(
                    "SlowDown", status: 429, "Too many multipart uploads in progress (\(Self.uploadLimit)).")
            }
            table.uploads[id] = Upload(object: object, metadata: metadata, initiated: Date())
        }
        return id
    }

    /// The upload `id` of `object`, or 404 `NoSuchUpload`.
    func upload(_ id: String, of object: ObjectAddress) throws(BackendError) -> Upload {
        try table.withLock { (table: inout Table) throws(BackendError) -> Upload in
            guard let upload = table.uploads[id], upload.object == object else { throw Self.noSuchUpload(id) }
            return upload
        }
    }

    /// Stores (or replaces) part `number`; returns its ETag, unquoted.
    func put(_ data: Data, number: Int, upload id: String, of object: ObjectAddress) throws(BackendError) -> String {
        let part = Part(data: data, etag: Self.hexMD5(data), lastModified: Date())
        try table.withLock { (table: inout Table) throws(BackendError) in
            guard let upload = table.uploads[id], upload.object == object else { throw Self.noSuchUpload(id) }
            let replaced = Int64(upload.parts[number]?.data.count ?? 0)
            let total = table.bytes - replaced + Int64(data.count)
            guard total <= byteLimit else {
                throw XMLErrorBody.coded(
                    "SlowDown", status: 429,
                    "The multipart uploads in progress hold \(table.bytes) bytes; this part would pass the limit of \(byteLimit)."
                )
            }
            table.uploads[id]?.parts[number] = part
            table.bytes = total
        }
        return part.etag
    }

    /// Removes the upload (once completed, or aborted); 404 when there is none.
    func remove(_ id: String, of object: ObjectAddress) throws(BackendError) {
        try table.withLock { (table: inout Table) throws(BackendError) in
            guard let upload = table.uploads[id], upload.object == object else { throw Self.noSuchUpload(id) }
            table.bytes -= upload.parts.values.reduce(0) { $0 + Int64($1.data.count) }
            table.uploads[id] = nil
        }
    }

    package func removeAll() {
        let old = table.withLock { table in
            defer { table = Table() }
            return table
        }
        withExtendedLifetime(old) {}  // the parts are freed here, outside the lock
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
