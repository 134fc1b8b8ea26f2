import StorageAPI

/// The upload sessions a backend knows: the active ones (at most `activeLimit`, each forgotten after
/// `idleTimeout` without a request) and the most recent finished ones.
struct SessionTable: Sendable {
    private var records: [String: UploadSessionRecord] = [:]
    private var active: Set<String> = []
    /// Finished (final or cancelled) session ids, oldest first, from `finishedHead` on.
    private var finishedOrder: [String] = []
    private var finishedHead = 0
    let finishedLimit: Int
    let activeLimit: Int
    let idleTimeout: Duration
    private var lastSweep = ContinuousClock.now
    /// Active sessions forgotten as idle, whose staged bytes the backend frees outside its lock.
    private var expired: [UploadSessionRecord] = []

    init(finishedLimit: Int, activeLimit: Int, idleTimeout: Duration) {
        self.finishedLimit = max(0, finishedLimit)
        self.activeLimit = max(1, activeLimit)
        self.idleTimeout = idleTimeout
    }

    /// A table with the same limits and no sessions.
    func emptied() -> SessionTable {
        SessionTable(finishedLimit: finishedLimit, activeLimit: activeLimit, idleTimeout: idleTimeout)
    }

    /// The session, unless it is unknown or has expired (it is then forgotten).
    mutating func lookUp(_ id: String, now: ContinuousClock.Instant) -> UploadSessionRecord? {
        guard let record = records[id] else { return nil }
        if active.contains(id), record.idle(at: now) > idleTimeout {
            forget(id)
            return nil
        }
        return record
    }

    subscript(id: String) -> UploadSessionRecord? { records[id] }

    /// Adds an active session; throws 429 when `activeLimit` sessions are open even after the idle ones expired.
    mutating func add(_ record: UploadSessionRecord, now: ContinuousClock.Instant) throws(BackendError) {
        if active.count >= activeLimit || now - lastSweep >= idleTimeout / 10 {
            expireIdle(now: now)
        }
        guard active.count < activeLimit else {
            throw BackendError(
                status: 429,
                "Too many open upload sessions (\(activeLimit)): finish or cancel some, or wait until idle ones expire (after \(idleTimeout) without a request)."
            )
        }
        records[record.id] = record
        active.insert(record.id)
    }

    /// Notes that a session finished; past the limit, the oldest finished session is forgotten.
    mutating func markFinished(_ id: String) {
        guard active.remove(id) != nil else { return }
        finishedOrder.append(id)
        while finishedOrder.count - finishedHead > finishedLimit {
            records[finishedOrder[finishedHead]] = nil
            finishedHead += 1
        }
        if finishedHead > 1024 && finishedHead * 2 > finishedOrder.count {
            finishedOrder.removeFirst(finishedHead)
            finishedHead = 0
        }
    }

    private mutating func expireIdle(now: ContinuousClock.Instant) {
        lastSweep = now
        for id in active where records[id].map({ $0.idle(at: now) > idleTimeout }) ?? true {
            forget(id)
        }
    }

    private mutating func forget(_ id: String) {
        active.remove(id)
        if let record = records.removeValue(forKey: id) { expired.append(record) }
    }

    /// Forgets an active session at once (evicted to make room); nil when it is not active.
    mutating func evict(_ id: String) -> UploadSessionRecord? {
        guard active.remove(id) != nil else { return nil }
        return records.removeValue(forKey: id)
    }

    /// The ids of the active sessions.
    var activeIDs: Set<String> { active }

    /// The sessions forgotten as idle since the last call.
    mutating func takeExpired() -> [UploadSessionRecord] {
        defer { expired = [] }
        return expired
    }
}
