import Foundation

extension InMemoryBackend {
    /// Validates the name, checks the write rule, and opens a session with this backend's granularity.
    public func startUpload(_ request: UploadStart) throws(BackendError) -> UploadSession {
        try ObjectNameRules.validate(request.object.name)
        try MetadataRules.validate(request.metadata)
        if let size = request.size, size < 0 {
            throw .badRequest("Invalid upload: the declared size \(size) is negative.")
        }
        let caller = try Caller(auth: request.object.auth)
        let id = Identifiers.randomUUID()
        try authorize(.write, bucket: request.object.bucket, path: request.object.name, caller: caller)
        try withState { (state: inout BackendState) throws(BackendError) in
            try state.sessions.add(
                UploadSessionRecord(id: id, start: request, caller: caller, epoch: state.epoch), now: .now)
        }
        return UploadSession(id: id, granularity: granularity)
    }

    /// Appends a chunk (hashing it as it arrives) and, with `finalize`, commits the object after the
    /// write rule is checked again for the caller who started the upload.
    public func uploadChunk(session: String, offset: Int64, data: Data, finalize: Bool) throws(BackendError)
        -> UploadStatus
    {
        let record = try self.record(session)
        let (status, replaced) = try record.progress.withLock {
            (progress: inout UploadSessionRecord.Progress) throws(BackendError) -> (UploadStatus, StoredObject?) in
            if progress.state == .final, progress.resource != nil, finalize, data.isEmpty {
                return (progress.status, nil)  // a repeated finalize answers the object, as GCS does
            }
            try accept(data, at: offset, finalize: finalize, into: &progress, of: record)
            guard finalize else { return (progress.status, nil) }
            return try commit(&progress, of: record)
        }
        withExtendedLifetime(replaced) {}  // an overwritten object is freed here, outside every lock
        return status
    }

    public func queryUpload(session: String) throws(BackendError) -> UploadStatus {
        let record = try record(session)
        var status = record.progress.withLock { $0.status }
        status.granularity = granularity
        status.object = ObjectAddress(bucket: record.bucket, name: record.name)
        return status
    }

    /// Cancels an active session (a cancelled one stays cancelled); a final one cannot be cancelled.
    public func cancelUpload(session: String) throws(BackendError) {
        let record = try self.record(session)
        let cancelledNow = try record.progress.withLock {
            (progress: inout UploadSessionRecord.Progress) throws(BackendError) -> Bool in
            switch progress.state {
            case .final:
                throw .badRequest("Upload session is already finalized; it cannot be cancelled.")
            case .cancelled:
                return false
            case .active:
                progress.finish(as: .cancelled)
                return true
            }
        }
        guard cancelledNow else { return }
        state.withLock { state in
            if state.epoch == record.epoch { state.sessions.markFinished(record.id) }
        }
    }

    /// The session `id`, marked as used now; 404 when it is unknown or expired.
    private func record(_ id: String) throws(BackendError) -> UploadSessionRecord {
        let now = ContinuousClock.now
        guard let record = state.withLock({ $0.sessions.lookUp(id, now: now) }) else { throw Self.sessionNotFound }
        record.touch(at: now)
        return record
    }

    /// Checks a chunk against the session and appends it; nothing changes when it is refused.
    private func accept(
        _ data: Data, at offset: Int64, finalize: Bool, into progress: inout UploadSessionRecord.Progress,
        of record: UploadSessionRecord
    ) throws(BackendError) {
        switch progress.state {
        case .final: throw .badRequest("Upload session is already finalized.")
        case .cancelled: throw .badRequest("Upload session was cancelled.")
        case .active: break
        }
        guard offset == progress.receivedBytes else {
            throw .badRequest("Wrong upload offset: expected \(progress.receivedBytes), got \(offset).")
        }
        let length = Int64(data.count)
        if !finalize && length % granularity != 0 {
            throw .badRequest("Chunk of \(length) bytes is not a multiple of the upload granularity \(granularity).")
        }
        let total = progress.receivedBytes + length
        if let declared = record.declaredSize {
            if total > declared {
                throw .badRequest("Upload exceeds its declared size: \(total) bytes of \(declared).")
            }
            if finalize && total != declared {
                throw .badRequest("Upload finalized at \(total) bytes, but its declared size is \(declared).")
            }
        }
        data.withUnsafeBytes { bytes in
            ChecksumPair.update(md5: &progress.md5, crc32c: &progress.crc32c, with: bytes)
        }
        if progress.buffer.isEmpty && finalize && data.startIndex == 0 {
            progress.buffer = data  // a one-chunk upload keeps its bytes as they came, without a copy
        } else {
            progress.buffer.append(data)
        }
        progress.receivedBytes = total
    }

    /// Ends the session as final and stores the object, unless the rules now deny the write (403) or
    /// the backend was reset since the session started (404).
    private func commit(
        _ progress: inout UploadSessionRecord.Progress, of record: UploadSessionRecord
    ) throws(BackendError) -> (UploadStatus, StoredObject?) {
        let digests = ObjectDigests(md5: progress.md5, crc32c: progress.crc32c)
        let data = progress.buffer
        progress.finish(as: .final)
        // The rule is matched outside the lock; a denial is reported after the session is marked finished.
        let allowed = Result { () throws(BackendError) in
            try authorize(.write, bucket: record.bucket, path: record.name, caller: record.caller)
        }
        let (resource, replaced) = try withState { (state: inout BackendState) throws(BackendError) in
            guard state.epoch == record.epoch else { throw Self.sessionNotFound }
            state.sessions.markFinished(record.id)
            try allowed.get()
            return state.commit(
                bucket: record.bucket, name: record.name, data: data, digests: digests, metadata: record.metadata)
        }
        progress.resource = resource
        return (progress.status, replaced)
    }
}
