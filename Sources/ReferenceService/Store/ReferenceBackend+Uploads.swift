import Foundation
import SecurityRules
import StorageAPI

extension ReferenceBackend {
    /// Validates the name, asks the rules, checks (for Cloud Storage's layer) that the bucket exists, and opens a
    /// session with this backend's granularity (noted in the data directory, when there is one, so it outlives a
    /// restart). The rules (method `create`, over an existing object too, with `resource` the object it replaces) see the object as it would be
    /// stored, with what the start tells: the metadata, and the size when it is declared (a media upload's body
    /// length, a resumable start's announced size). A denial that depends on nothing else is final here, before any
    /// byte is sent; anything else is decided again when the upload commits.
    public func startUpload(_ request: UploadStart) throws(BackendError) -> UploadSession {
        try ObjectNameRules.validate(request.object.name)
        try MetadataRules.validate(request.metadata)
        if let size = request.size, size < 0 {
            throw .badRequest("Invalid upload: the declared size \(size) is negative.")
        }
        let caller = try Caller(auth: request.object.auth)
        let id = Identifiers.randomUUID()
        let object = request.object
        let (program, stored) = snapshot(object)
        try RulesCheck(program: program, bucket: object.bucket, caller: caller).requireFromHead(
            .create, path: object.name, resource: stored,
            incoming: StoredObject.incoming(
                name: object.name, bucket: object.bucket, metadata: request.metadata, size: request.size, digests: nil,
                layer: request.layer, now: Date()),
            known: StoredObject.fieldsKnownAtStart(sizeDeclared: request.size != nil))
        try withState { (state: inout BackendState) throws(BackendError) in
            _ = try state.makesBucket(object.bucket, layer: request.layer)
        }
        var progress = UploadSessionRecord.Progress()
        progress.staging = try staging(for: id)
        if let directory, !request.isOneShot {
            do throws(BackendError) {
                try directory.write(SessionRecord(id: id, start: request, uid: caller.uid))
            } catch {
                directory.removeSession(id)
                throw error
            }
        }
        if directory == nil {
            uploadBudget.register(id) { [weak self] in self?.evictSession(id) }
        }
        do throws(BackendError) {
            try withState { (state: inout BackendState) throws(BackendError) in
                try state.sessions.add(
                    UploadSessionRecord(id: id, start: request, caller: caller, epoch: state.epoch, progress: progress),
                    now: .now)
            }
        } catch {
            forgetExpiredSessions()
            progress.staging?.discard()
            forgetHoldings(of: id)
            throw error
        }
        forgetExpiredSessions()
        return UploadSession(id: id, granularity: granularity)
    }

    public func uploadChunk(session: String, offset: Int64, data: Data, finalize: Bool) throws(BackendError)
        -> UploadStatus
    {
        try uploadChunk(session: session, offset: offset, body: DataUploadBody(data), finalize: finalize)
    }

    /// Checks the chunk against the session, then receives its bytes (hashing and staging them as they arrive,
    /// outside every lock) and, with `finalize`, commits the object after the write rule is checked again for
    /// the caller who started the upload. A chunk that fails midway leaves the session as it was.
    public func uploadChunk(session: String, offset: Int64, body: any UploadBody, finalize: Bool) throws(BackendError)
        -> UploadStatus
    {
        let record = try self.record(session)
        let reserved = try reserveMemory(body.length, for: record)
        // A chunk waits while another of its session arrives, then is checked against what that one left.
        let turn = try releasing(reserved, of: record) { () throws(BackendError) in
            try record.progress.wait(
                until: Date() + Self.longestChunkWait, for: { $0.staging != nil || $0.state != .active }
            ) { progress, _ in
                Result { () throws(BackendError) -> (any UploadStaging)? in
                    if progress.state == .final, progress.resource != nil, finalize, body.length == 0 {
                        return nil  // a repeated finalize answers the object, as GCS does
                    }
                    try admit(body.length, at: offset, finalize: finalize, progress, of: record)
                    guard let staging = progress.staging else {
                        throw BackendError(
                            status: 503,
                            "Another chunk of this upload is still arriving; ask where it stands, then go on.")
                    }
                    progress.staging = nil
                    return staging
                }
            }.get()
        }
        guard let staging = turn else { return record.progress.withLock { $0.status } }
        // Neither expired as idle nor evicted from the upload budget as abandoned while its bytes arrive.
        let received = uploadBudget.whileArriving(for: record.id) {
            record.whileChunkArrives {
                Result { () throws(BackendError) -> ObjectDigests? in
                    try releasing(reserved, of: record) { () throws(BackendError) in try staging.receive(body) }
                    return finalize ? staging.digests : nil  // waits for the hashing to catch up, outside every lock
                }
            }
        }
        let (status, replaced) = try record.progress.withCondition {
            (progress: inout UploadSessionRecord.Progress, waiting) throws(BackendError) -> (
                UploadStatus, StoredObject?
            ) in
            defer { waiting.broadcast() }
            guard progress.state == .active else {
                staging.discard()  // cancelled or forgotten while the bytes arrived
                throw progress.state == .cancelled ? Self.cancelled : Self.sessionNotFound
            }
            progress.staging = staging
            let digests = try received.get()
            progress.receivedBytes = staging.count
            guard let digests else { return (progress.status, nil) }
            return try commit(&progress, digests: digests, of: record)
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
        let cancelledNow = try record.progress.withCondition {
            (progress: inout UploadSessionRecord.Progress, waiting) throws(BackendError) -> Bool in
            defer { waiting.broadcast() }
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
        forgetHoldings(of: record.id)
        state.withLock { state in
            if state.epoch == record.epoch { state.sessions.markFinished(record.id) }
        }
    }

    /// The session `id`, marked as used now; 404 when it is unknown or expired.
    private func record(_ id: String) throws(BackendError) -> UploadSessionRecord {
        let now = ContinuousClock.now
        let found = state.withLock { $0.sessions.lookUp(id, now: now) }
        forgetExpiredSessions()
        guard let record = found else { throw Self.sessionNotFound }
        record.touch(at: now)
        return record
    }

    /// Frees the staged bytes of the sessions forgotten as idle, outside the backend's lock.
    private func forgetExpiredSessions() {
        for record in state.withLock({ $0.sessions.takeExpired() }) { end(record) }
    }

    /// Ends a session that will not commit: its staged bytes and its note in the data directory go.
    private func end(_ record: UploadSessionRecord) {
        record.progress.withCondition { progress, waiting in
            if progress.state == .active { progress.finish(as: .cancelled) }
            waiting.broadcast()
        }
        forgetHoldings(of: record.id)
    }

    /// Gives back what an upload session held outside its record: its files in the data directory, its bytes in
    /// the upload budget.
    private func forgetHoldings(of id: String) {
        directory?.removeSession(id)
        uploadBudget.remove(id)
    }

    /// Ends a session the upload budget evicted to make room: it is forgotten (404 afterwards).
    private func evictSession(_ id: String) {
        guard let record = state.withLock({ $0.sessions.evict(id) }) else { return }
        end(record)
    }

    /// Reserves the bytes a chunk will hold in memory (none when they go to the data directory); 503 when the
    /// uploads in progress leave no room, even after evicting abandoned ones. Answers how many it reserved.
    private func reserveMemory(_ length: Int64, for record: UploadSessionRecord) throws(BackendError) -> Int64 {
        guard directory == nil, length > 0, record.progress.withLock({ $0.state == .active }) else { return 0 }
        guard uploadBudget.reserve(length, for: record.id) else {
            guard state.withLock({ $0.sessions.activeIDs.contains(record.id) }) else { throw Self.sessionNotFound }
            throw BackendError(
                status: 503,
                "The uploads in progress hold \(uploadBudget.heldBytes) bytes in memory; this chunk of \(length) would pass the limit of \(uploadBudget.limit) (serve --upload-memory), and none has been idle long enough to be evicted. Retry later."
            )
        }
        return length
    }

    /// Runs `body`; when it throws, the bytes reserved for it go back to the budget.
    private func releasing<Result>(
        _ reserved: Int64, of record: UploadSessionRecord, _ body: () throws(BackendError) -> Result
    ) throws(BackendError) -> Result {
        do {
            return try body()
        } catch {
            uploadBudget.release(reserved, for: record.id)
            throw error
        }
    }

    /// Refuses a chunk the session cannot take, before any of its bytes are read.
    private func admit(
        _ length: Int64, at offset: Int64, finalize: Bool, _ progress: UploadSessionRecord.Progress,
        of record: UploadSessionRecord
    ) throws(BackendError) {
        switch progress.state {
        case .final: throw .badRequest("Upload session is already finalized.")
        case .cancelled: throw Self.cancelled
        case .active: break
        }
        guard offset == progress.receivedBytes else {
            throw .badRequest("Wrong upload offset: expected \(progress.receivedBytes), got \(offset).")
        }
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
    }

    /// Ends the session as final and stores the object, unless the rules deny it (403) or the backend was reset
    /// since the session started (404). The rules decide outside the lock on the object as it would be stored
    /// (method `create`, with `resource` the object it replaces, if any), for the caller who started the upload;
    /// the store goes ahead only if the object it replaces is still the one decided on.
    private func commit(
        _ progress: inout UploadSessionRecord.Progress, digests: ObjectDigests, of record: UploadSessionRecord
    ) throws(BackendError) -> (UploadStatus, StoredObject?) {
        let sealed = Result { () throws(BackendError) in try progress.staging?.seal() ?? .memory(Data()) }
        progress.finish(as: .final)
        forgetHoldings(of: record.id)
        let bytes = try sealed.get()
        let address = ObjectAddress(bucket: record.bucket, name: record.name)
        let (resource, replaced) = try keepingBlobUntilStored(bytes) { () throws(BackendError) in
            try decidingOutsideTheLock { () throws(BackendError) -> (ObjectResource, StoredObject?) in
                let (program, stored) = snapshot(address)
                // A denial is reported after the session is marked finished.
                let allowed = Result { () throws(BackendError) in
                    try RulesCheck(program: program, bucket: record.bucket, caller: record.caller).require(
                        .create, path: record.name, resource: stored
                    ) {
                        StoredObject.incoming(
                            name: record.name, bucket: record.bucket, metadata: record.metadata, size: bytes.count,
                            digests: digests, layer: record.layer, now: Date())
                    }
                }
                return try store(
                    bytes, digests: digests, bucket: record.bucket, name: record.name, metadata: record.metadata,
                    layer: record.layer
                ) { (state: inout BackendState) throws(BackendError) in
                    guard state.epoch == record.epoch else { throw Self.sessionNotFound }
                    if program != nil { try state.require(stored?.version, bucket: record.bucket, name: record.name) }
                    state.sessions.markFinished(record.id)
                    try allowed.get()
                }
            }
        }
        progress.resource = resource
        return (progress.status, replaced)
    }

    /// Runs `body`, which stores `bytes` or fails; `store` keeps a file's bytes when the object changed while the
    /// rules decided (so a new decision can store them), and they are removed here if no decision ever did.
    private func keepingBlobUntilStored<Result>(
        _ bytes: StoredBytes, _ body: () throws(BackendError) -> Result
    ) throws(BackendError) -> Result {
        do {
            return try body()
        } catch {
            if error == Self.changedWhileDeciding, let directory, case .file(let blob) = bytes {
                directory.removeBlob(blob)
            }
            throw error
        }
    }

    /// Where a new upload's bytes wait: a file of the data directory, or memory.
    func staging(for id: String) throws(BackendError) -> any UploadStaging {
        guard let directory else { return MemoryStaging() }
        return try directory.staging(for: id)
    }

    static let cancelled = BackendError.badRequest("Upload session was cancelled.")

    /// The longest a chunk waits for another chunk of its session to finish arriving.
    static let longestChunkWait: TimeInterval = 120
}
