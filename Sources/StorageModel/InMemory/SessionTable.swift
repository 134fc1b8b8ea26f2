/// The upload sessions a backend knows, keeping only the most recent finished ones.
struct SessionTable: Sendable {
    private var records: [String: UploadSessionRecord] = [:]
    /// Finished (final or cancelled) session ids, oldest first, from `finishedHead` on.
    private var finishedOrder: [String] = []
    private var finishedHead = 0
    let finishedLimit: Int

    init(finishedLimit: Int) {
        self.finishedLimit = max(0, finishedLimit)
    }

    subscript(id: String) -> UploadSessionRecord? { records[id] }

    mutating func add(_ record: UploadSessionRecord) {
        records[record.id] = record
    }

    /// Notes that a session finished; past the limit, the oldest finished session is forgotten.
    mutating func markFinished(_ id: String) {
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
}
