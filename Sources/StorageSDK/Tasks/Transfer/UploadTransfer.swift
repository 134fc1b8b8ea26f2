import Foundation
import StorageAPI

/// The work of a `StorageUploadTask`: a resumable upload sent chunk by chunk.
///
/// A resume asks the service how much it holds and continues from there; a chunk the service refuses at that
/// offset makes the transfer ask again (up to three times in a row) before it fails. The chunk size is the
/// storage's `uploadChunkSizeBytes` at creation, rounded to the service's granularity (up when smaller, down
/// to a multiple when larger).
final class UploadTransfer: StorageTransfer {
    enum Source {
        case data(Data)
        case file(URL)
    }

    private let reference: StorageReference
    private let source: Source
    private let requestMetadata: StorageMetadata
    private let requestedChunkSize: Int64
    private let backend: any StorageBackend
    private let storage: Storage
    private var payload = Data()
    private var session: UploadSession?
    private var chunkSize: Int64 = 0
    private var acknowledged: Int64 = 0

    init(reference: StorageReference, source: Source, metadata: StorageMetadata) {
        self.reference = reference
        self.source = source
        self.requestMetadata = metadata
        self.requestedChunkSize = reference.storage.uploadChunkSizeBytes
        self.backend = reference.storage.backend
        self.storage = reference.storage
    }

    /// The size known before the transfer starts (the data's; a file's is read by `prepare`).
    var knownTotal: Int64 {
        if case .data(let data) = source { return Int64(data.count) }
        return 0
    }

    func prepare() -> Result<Int64?, StorageError> {
        guard let object = reference.storagePath.object, !object.isEmpty else {
            return .failure(.rootOperation("put", bucket: reference.bucket))
        }
        switch source {
        case .data(let data):
            // A slice keeps its parent's indices; chunks are cut at offsets from zero.
            payload = data.startIndex == 0 ? data : data.withUnsafeBytes { Data($0) }
            return .success(nil)
        case .file(let url):
            guard let data = Self.readRegularFile(url) else {
                return .failure(.fileNotReachable(url.absoluteString))
            }
            payload = data
            return .success(Int64(data.count))
        }
    }

    /// A failure the service may get over (`RetryPolicy`) is tried again after a wait, first asking the
    /// session how much it holds, so the upload goes on from there.
    func step(resuming: Bool, retries: RetryObserver) -> TransferStep {
        let total = Int64(payload.count)
        do throws(BackendError) {
            return try RetryPolicy.run(longestWait: storage.maxUploadRetryTime, clock: storage.clock, observer: retries)
            {
                count throws(BackendError) in try attempt(resuming: resuming || count > 0, total: total)
            }
        } catch {
            if retries.isStopped { return .interrupted }
            return .failed(StorageError.from(error, bucket: reference.bucket, object: reference.storagePath.object))
        }
    }

    private func attempt(resuming: Bool, total: Int64) throws(BackendError) -> TransferStep {
        if let session {
            if resuming, let outcome = try resynchronize(session, total: total) { return outcome }
        } else {
            let start = UploadStart(object: address, metadata: requestMetadata.uploadFields, size: total)
            let opened = try backend.startUpload(start)
            session = opened
            chunkSize = Self.chunkSize(requested: requestedChunkSize, granularity: opened.granularity)
        }
        guard let session else { return .failed(.internalError("No upload session.")) }
        var refusals = 0
        while true {
            let end = acknowledged + min(chunkSize, total - acknowledged)
            let chunk = payload.subdata(in: Int(acknowledged)..<Int(end))
            do throws(BackendError) {
                let status = try backend.uploadChunk(
                    session: session.id, offset: acknowledged, data: chunk, finalize: end == total)
                return try outcome(of: status, total: total, sentUpTo: end)
            } catch let refusal where refusal.status == 400 && refusals < 3 {
                refusals += 1
                let before = acknowledged
                if let outcome = try resynchronize(session, total: total) { return outcome }
                if acknowledged == before { throw refusal }
            }
        }
    }

    func abandon() {
        guard let session else { return }
        try? backend.cancelUpload(session: session.id)
    }

    private var address: ObjectAddress {
        ObjectAddress(bucket: reference.bucket, name: reference.fullPath, auth: reference.storage.authToken)
    }

    /// Asks the service where the session stands; returns an outcome when that ends the transfer.
    private func resynchronize(_ session: UploadSession, total: Int64) throws(BackendError) -> TransferStep? {
        let status = try backend.queryUpload(session: session.id)
        switch status.state {
        case .active:
            guard (0...total).contains(status.receivedBytes) else {
                throw BackendError(
                    .malformedResponse, "The service holds \(status.receivedBytes) bytes of a \(total)-byte upload.")
            }
            acknowledged = status.receivedBytes
            return nil
        case .final, .cancelled:
            return try outcome(of: status, total: total, sentUpTo: total)
        }
    }

    private func outcome(of status: UploadStatus, total: Int64, sentUpTo end: Int64) throws(BackendError)
        -> TransferStep
    {
        switch status.state {
        case .active:
            guard status.receivedBytes > acknowledged, status.receivedBytes <= end else {
                throw BackendError(
                    .malformedResponse,
                    "The service acknowledged \(status.receivedBytes) bytes after \(acknowledged) bytes were held and \(end) sent."
                )
            }
            acknowledged = status.receivedBytes
            return .progressed(StorageProgress(completedUnitCount: acknowledged, totalUnitCount: total))
        case .final:
            let resource: ObjectResource
            if let carried = status.resource { resource = carried } else { resource = try backend.getMetadata(address) }
            acknowledged = total
            return .finished(
                StorageProgress(completedUnitCount: total, totalUnitCount: total),
                .uploaded(StorageMetadata(resource: resource)))
        case .cancelled:
            return .failed(
                .unknown(
                    "The service cancelled the upload session.", bucket: reference.bucket,
                    object: reference.storagePath.object))
        }
    }

    static func chunkSize(requested: Int64, granularity: Int64) -> Int64 {
        let requested = max(requested, 1)
        guard granularity > 1 else { return requested }
        return requested < granularity ? granularity : requested / granularity * granularity
    }

    /// The file's bytes when `url` names a regular file (not a directory, a symbolic link or a non-file URL).
    private static func readRegularFile(_ url: URL) -> Data? {
        guard url.isFileURL else { return nil }
        var info = stat()
        guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return try? Data(contentsOf: url, options: .mappedIfSafe)
    }
}
