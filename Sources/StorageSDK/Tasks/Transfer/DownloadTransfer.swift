import Foundation
import StorageAPI

/// The work of a `StorageDownloadTask`: a download read chunk by chunk with ranges.
///
/// A resume continues from the byte already received, with the media ETag of the first answer as
/// `If-Range`: when the object was replaced meanwhile, the service answers the new object whole and the
/// download starts over on it instead of splicing two objects. Into memory, it fails with
/// `downloadSizeExceeded` as soon as the object's size is known to exceed the limit (a size equal to it
/// succeeds). Into a file, it writes a temporary file beside the destination and moves it into place only
/// on success, creating missing folders and replacing an existing file.
final class DownloadTransfer: StorageTransfer {
    enum Destination {
        case memory(maxSize: Int64)
        case file(URL)
    }

    /// The most memory reserved up front for a download into memory (64 MiB); larger ones grow as they arrive.
    private static let largestReservation: Int64 = 64 << 20

    private let reference: StorageReference
    private let destination: Destination
    private let chunkSize: Int64
    private let backend: any StorageBackend
    private let storage: Storage
    private var received: Int64 = 0
    private var total: Int64 = -1
    /// The media ETag of the first answer, sent with every later read.
    private var etag: String?
    private var buffer = Data()
    private var partialFile: (handle: FileHandle, url: URL)?
    /// Set once complete: a pause from another thread can set aside the step that completed the download.
    private var product: TransferProduct?

    init(reference: StorageReference, destination: Destination) {
        self.reference = reference
        self.destination = destination
        self.chunkSize = max(reference.storage.downloadChunkSizeBytes, 1)
        self.backend = reference.storage.backend
        self.storage = reference.storage
    }

    func prepare() -> Result<Int64?, StorageError> {
        .success(nil)
    }

    /// A retried read asks for the range from the byte received. When a connection drops in the middle of an
    /// answer, the bytes that arrived are kept and the retry asks for the rest.
    func step(resuming: Bool, retries: RetryObserver) -> TransferStep {
        if let product {
            return .finished(StorageProgress(completedUnitCount: received, totalUnitCount: total), product)
        }
        let address = ObjectAddress(
            bucket: reference.bucket, name: reference.fullPath, auth: reference.storage.authToken)
        var outcome = TransferStep.interrupted
        do throws(BackendError) {
            try RetryPolicy.run(longestWait: storage.maxDownloadRetryTime, clock: storage.clock, observer: retries) {
                _ throws(BackendError) in
                let request = ReadRequest(object: address, offset: received, length: chunkSize, ifRange: etag)
                do throws(BackendError) {
                    outcome = accept(try backend.readObject(request))
                } catch {
                    guard let partial = error.partialRead, !partial.data.isEmpty else { throw error }
                    outcome = accept(partial)
                    if case .progressed = outcome { throw error }
                }
            }
        } catch {
            if retries.isStopped { return .interrupted }
            return fail(StorageError.from(error, bucket: reference.bucket, object: reference.storagePath.object))
        }
        return outcome
    }

    /// Takes in one answer (or the part of it that arrived).
    private func accept(_ read: ObjectRead) -> TransferStep {
        if received > 0, read.offset == 0 {
            if let problem = startOver() { return fail(problem) }
        }
        if etag == nil { etag = read.etag }
        if total < 0 {
            total = read.totalSize
            if case .memory(let maxSize) = destination {
                if total > maxSize {
                    return fail(
                        .downloadSizeExceeded(
                            total: total, maxSize: maxSize, bucket: reference.bucket,
                            object: reference.storagePath.object))
                }
                // The size is the service's word: reserve for it only within reason.
                if total > 0 { buffer.reserveCapacity(Int(min(total, Self.largestReservation))) }
            }
        }
        let count = Int64(read.data.count)
        guard read.totalSize == total, count <= total - received, count > 0 || received == total else {
            return fail(
                malformed(
                    "The service answered \(count) bytes of \(read.totalSize) at offset \(received) of a \(total)-byte object."
                ))
        }
        if let problem = store(read.data) { return fail(problem) }
        received += count
        let progress = StorageProgress(completedUnitCount: received, totalUnitCount: total)
        guard received == total else { return .progressed(progress) }
        switch complete() {
        case .success(let completed):
            product = completed
            return .finished(progress, completed)
        case .failure(let problem):
            return fail(problem)
        }
    }

    /// The object changed since the download started: forget what was received.
    private func startOver() -> StorageError? {
        received = 0
        total = -1
        etag = nil
        buffer = Data()
        guard let partial = partialFile else { return nil }
        do {
            try partial.handle.truncate(atOffset: 0)
            return nil
        } catch {
            if case .file(let url) = destination { return fileError(url, error) }
            return nil
        }
    }

    func abandon() {
        discardPartialFile()
    }

    private func store(_ data: Data) -> StorageError? {
        switch destination {
        case .memory:
            buffer.append(data)
            return nil
        case .file(let url):
            do {
                if partialFile == nil { partialFile = try Self.openPartialFile(for: url) }
                try partialFile?.handle.write(contentsOf: data)
                return nil
            } catch {
                return fileError(url, error)
            }
        }
    }

    private func complete() -> Result<TransferProduct, StorageError> {
        switch destination {
        case .memory:
            return .success(.data(buffer))
        case .file(let url):
            var closedPartial: URL?
            do {
                if partialFile == nil { partialFile = try Self.openPartialFile(for: url) }
                guard let partial = partialFile else { return .failure(.internalError("No partial file.")) }
                partialFile = nil
                closedPartial = partial.url
                try partial.handle.close()
                try Self.moveReplacing(partial.url, to: url)
                return .success(.file(url))
            } catch {
                if let closedPartial { try? FileManager.default.removeItem(at: closedPartial) }
                return .failure(fileError(url, error))
            }
        }
    }

    /// Moves `source` to `destination`, atomically replacing a file there (`rename(2)`;
    /// `FileManager.replaceItemAt` fails on Linux, losing the file it was to replace).
    private static func moveReplacing(_ source: URL, to destination: URL) throws {
        guard rename(source.path, destination.path) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    private func fail(_ error: StorageError) -> TransferStep {
        discardPartialFile()
        return .failed(error)
    }

    private func discardPartialFile() {
        guard let partial = partialFile else { return }
        try? partial.handle.close()
        try? FileManager.default.removeItem(at: partial.url)
        partialFile = nil
    }

    private func malformed(_ message: String) -> StorageError {
        StorageError.from(
            BackendError(.malformedResponse, message), bucket: reference.bucket, object: reference.storagePath.object)
    }

    private func fileError(_ url: URL, _ error: any Error) -> StorageError {
        .unknown(
            "Could not write the download to \(url.path): \(error.localizedDescription)", bucket: reference.bucket,
            object: reference.storagePath.object)
    }

    private static func openPartialFile(for url: URL) throws -> (handle: FileHandle, url: URL) {
        guard url.isFileURL else { throw CocoaError(.fileWriteInvalidFileName) }
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let partial = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return (try FileHandle(forWritingTo: partial), partial)
    }
}
