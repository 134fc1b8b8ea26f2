/// Everything a task's lifecycle holds, as one value with one owner (the task's lock). Each transition is a
/// mutating function that says what to do next: the events to deliver and the work to queue, which the task
/// does outside the lock.
struct TaskState {
    enum Phase: Equatable {
        case notStarted, running, paused, completing, succeeded, failed, cancelled

        var isTerminal: Bool { self == .succeeded || self == .failed || self == .cancelled }
    }

    /// What a transition asks the task to do once the lock is released.
    struct Effects {
        var events: [StorageTaskStatus] = []
        /// Queue the next step of the transfer, for this epoch.
        var stepEpoch: Int?
        /// Start the task from scratch (a task paused before it began).
        var start = false
        /// Tell the service and clean up after a cancel.
        var abandon = false
    }

    private(set) var phase = Phase.notStarted
    var progress: StorageProgress
    private(set) var error: StorageError?
    var metadata: StorageMetadata?
    /// What the transfer produced, once it succeeded.
    private(set) var product: TransferProduct?
    /// Counts pauses, resumes and cancels: a step queued before one of them belongs to an old epoch.
    private(set) var epoch = 0
    private(set) var hasBegun = false
    /// The next step must ask the service where the transfer stands (after a resume or an interrupted step).
    private(set) var needsResync = false
    private(set) var cleanupPending = false

    init(progress: StorageProgress, metadata: StorageMetadata?) {
        self.progress = progress
        self.metadata = metadata
    }

    /// The status a snapshot taken now reports.
    var currentStatus: StorageTaskStatus {
        switch phase {
        case .notStarted, .running: .resume
        case .completing: .progress
        case .paused: .pause
        case .succeeded: .success
        case .failed, .cancelled: .failure
        }
    }

    mutating func pause() -> Effects {
        guard phase == .notStarted || phase == .running else { return Effects() }
        phase = .paused
        epoch += 1
        return Effects(events: [.pause])
    }

    mutating func resume() -> Effects {
        guard phase == .paused else { return Effects() }
        guard hasBegun else {
            // Paused before it ever started: it starts now, with its `resume`, as a new task would.
            phase = .notStarted
            return Effects(start: true)
        }
        phase = .running
        epoch += 1
        needsResync = true
        return Effects(events: [.resume], stepEpoch: epoch)
    }

    mutating func cancel(_ cancelled: StorageError) -> Effects {
        guard phase == .notStarted || phase == .running || phase == .paused else { return Effects() }
        phase = .cancelled
        error = cancelled
        epoch += 1
        cleanupPending = hasBegun
        return Effects(events: [.failure], abandon: hasBegun)
    }

    mutating func finishCleanup() {
        cleanupPending = false
    }

    /// Marks the start; false when the task was already begun or is no longer waiting to start.
    mutating func begin() -> Bool {
        guard phase == .notStarted, !hasBegun else { return false }
        hasBegun = true
        return true
    }

    /// After the transfer's `prepare`: fails with its problem, or runs (with the total it learned).
    mutating func prepared(_ prepared: Result<Int64?, StorageError>) -> Effects {
        guard phase == .notStarted else { return Effects() }
        switch prepared {
        case .failure(let problem):
            phase = .failed
            error = problem
            return Effects(events: [.failure])
        case .success(let total):
            if let total { progress.totalUnitCount = total }
        }
        phase = .running
        epoch += 1
        return Effects(events: [.resume], stepEpoch: epoch)
    }

    /// Whether a step of `stepEpoch` is still wanted: false once a pause or cancel overtook it.
    func stepWanted(epoch stepEpoch: Int) -> Bool {
        phase == .running && epoch == stepEpoch
    }

    /// Whether a step of `stepEpoch` may run now, and whether it must resync first.
    mutating func stepStarts(epoch stepEpoch: Int) -> (runs: Bool, resuming: Bool) {
        guard stepWanted(epoch: stepEpoch) else { return (false, false) }
        defer { needsResync = false }
        return (true, needsResync)
    }

    /// What a step of `stepEpoch` came to. A step overtaken by a pause or cancel reports nothing; the next
    /// resume asks the service again where things stand.
    mutating func stepEnded(epoch stepEpoch: Int, _ outcome: TransferStep) -> Effects {
        guard stepWanted(epoch: stepEpoch) else {
            needsResync = true
            return Effects()
        }
        switch outcome {
        case .progressed(let newProgress):
            progress = newProgress
            return Effects(events: [.progress], stepEpoch: stepEpoch)
        case .finished(let finalProgress, _):
            phase = .completing
            progress = finalProgress
            return Effects(events: [.progress])
        case .failed(let failure):
            phase = .failed
            error = failure
            return Effects(events: [.failure])
        case .interrupted:
            needsResync = true
            return Effects(stepEpoch: stepEpoch)
        }
    }

    /// After the last progress was delivered: success, carrying an upload's metadata from the service.
    mutating func succeed(with finished: TransferProduct) -> Effects {
        if case .uploaded(let serviceMetadata) = finished { metadata = serviceMetadata }
        product = finished
        phase = .succeeded
        return Effects(events: [.success])
    }
}
