import Foundation
import StorageAPI

/// Where the bytes of one upload wait until it finalizes, hashed as they arrive: `MemoryStaging` or
/// `FileStaging`.
///
/// Used by one request at a time (the one that holds its upload session's receiving turn); its state is behind
/// a lock of its own all the same, so it is `Sendable` as checked.
protocol UploadStaging: AnyObject, Sendable {
    /// The bytes staged so far.
    var count: Int64 { get }
    /// Reads all of `body` and stages it after the bytes already there, hashing it. When it throws, the staging
    /// is as it was before: what it staged of `body` is dropped, from the bytes and from the checksums.
    func receive(_ body: any UploadBody) throws(BackendError)
    /// The checksums of the staged bytes.
    var digests: ObjectDigests { get }
    /// The staged bytes as a finished object's (made durable first where they are on disk); the staging is
    /// spent afterwards.
    func seal() throws(BackendError) -> StoredBytes
    /// Frees what is staged.
    func discard()
}
