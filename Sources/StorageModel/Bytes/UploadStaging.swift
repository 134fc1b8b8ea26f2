import Foundation

/// Where the bytes of one upload wait until it finalizes: `MemoryStaging` or `FileStaging`.
///
/// Used by one request at a time (the one that holds its upload session's receiving turn).
protocol UploadStaging: AnyObject, Sendable {
    /// The bytes staged so far.
    var count: Int64 { get }
    /// Reads all of `body` and stages it after the bytes already there, handing each run to `digest` in order.
    /// When it throws, what it staged of `body` may remain: the caller truncates back.
    func receive(_ body: any UploadBody, digest: inout UploadDigest) throws(BackendError)
    /// Forgets the staged bytes past `count`.
    func truncate(to count: Int64) throws(BackendError)
    /// The staged bytes as a finished object's (made durable first where they are on disk); the staging is
    /// spent afterwards.
    func seal() throws(BackendError) -> StoredBytes
    /// Frees what is staged.
    func discard()
}

/// The running checksums of an upload's bytes.
struct UploadDigest: Sendable {
    var md5 = MD5()
    var crc32c = CRC32C()

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        ChecksumPair.update(md5: &md5, crc32c: &crc32c, with: bytes)
    }

    var digests: ObjectDigests { ObjectDigests(md5: md5, crc32c: crc32c) }
}
