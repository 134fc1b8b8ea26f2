/// The bytes that uploads not yet finished hold in memory (resumable sessions staged in memory, XML multipart
/// parts), under one limit shared by every kind of upload (`serve --upload-memory`; docs/limits.md).
///
/// Each holder (an upload, by id) reserves bytes before it takes them. When the limit would be passed, holders
/// untouched for `abandonedAfter`, with no bytes arriving for them (`whileArriving`), are evicted, the one idle longest first, until the bytes fit: their `evict`
/// closure runs (outside the budget's lock) and their bytes are released. When that is not enough, the
/// reservation is refused and the caller answers that it is full.
public final class PendingUploadBudget: Sendable {
    /// The most bytes held at once.
    public let limit: Int64
    /// How long a holder goes without a request before it may be evicted to make room.
    public let abandonedAfter: Duration

    private struct Holder {
        var bytes: Int64 = 0
        /// Monotonic milliseconds of the last reservation or touch.
        var touched: Int
        /// How many bodies are arriving for it now: while any is, it is in use, however long since it was touched.
        var arriving = 0
        var evict: @Sendable () -> Void
    }

    private struct Table {
        var holders: [String: Holder] = [:]
        var bytes: Int64 = 0
    }

    private let table = Locked(Table())
    private let clock: @Sendable () -> Int

    /// - Parameters:
    ///   - limit: the most bytes held at once (at least 0).
    ///   - abandonedAfter: how long a holder stays idle before it may be evicted.
    public convenience init(limit: Int64 = 1 << 30, abandonedAfter: Duration = .seconds(60)) {
        self.init(limit: limit, abandonedAfter: abandonedAfter) { MonotonicClock.milliseconds() }
    }

    /// A budget on `clock`, monotonic milliseconds (tests pass their own).
    package init(limit: Int64, abandonedAfter: Duration, clock: @escaping @Sendable () -> Int) {
        self.limit = max(0, limit)
        self.abandonedAfter = abandonedAfter
        self.clock = clock
    }

    /// Adds a holder with nothing reserved; `evict` ends its upload when it is evicted (it may take other locks,
    /// never the budget's).
    package func register(_ id: String, evict: @escaping @Sendable () -> Void) {
        let now = clock()
        table.withLock { $0.holders[id] = Holder(touched: now, evict: evict) }
    }

    /// Notes a request on the holder: it is not abandoned.
    package func touch(_ id: String) {
        let now = clock()
        table.withLock { $0.holders[id]?.touched = now }
    }

    /// Runs `receive`, bytes arriving for `id` (a chunk however slow): the holder is not abandoned meanwhile, and
    /// is touched when they end. Nothing is counted per read: the mark costs two locks per body.
    package func whileArriving<Value, Failure: Error>(for id: String, _ receive: () throws(Failure) -> Value)
        throws(Failure) -> Value
    {
        table.withLock { $0.holders[id]?.arriving += 1 }
        defer {
            let now = clock()
            table.withLock { table in
                table.holders[id]?.arriving -= 1
                table.holders[id]?.touched = now
            }
        }
        return try receive()
    }

    /// Whether `count` more bytes fit for `id`, after evicting abandoned holders other than `id`; reserves them
    /// when `keep` (else only makes room). False when the holder is unknown (evicted, or never registered) or the
    /// bytes do not fit.
    package func reserve(_ count: Int64, for id: String, keep: Bool = true) -> Bool {
        let now = clock()
        let abandoned = Int(clamping: abandonedAfter.components.seconds) &* 1000
        let (fits, evicted) = table.withLock { table -> (Bool, [Holder]) in
            guard table.holders[id] != nil else { return (false, []) }
            table.holders[id]?.touched = now
            var evicted: [Holder] = []
            if count > 0, table.bytes + count > limit {
                let idle = table.holders.filter {
                    $0.key != id && $0.value.arriving == 0 && now - $0.value.touched >= abandoned
                }
                .sorted { $0.value.touched < $1.value.touched }
                for (other, holder) in idle where table.bytes + count > limit {
                    table.holders[other] = nil
                    table.bytes -= holder.bytes
                    evicted.append(holder)
                }
            }
            let fits = count <= 0 || table.bytes + count <= limit
            if fits, keep {
                table.holders[id]?.bytes += count
                table.bytes += count
            }
            return (fits, evicted)
        }
        for holder in evicted { holder.evict() }
        return fits
    }

    /// Gives back `count` bytes of `id` (a chunk that failed, a part replaced).
    package func release(_ count: Int64, for id: String) {
        table.withLock { table in
            guard let held = table.holders[id]?.bytes else { return }
            let released = min(max(0, count), held)
            table.holders[id]?.bytes = held - released
            table.bytes -= released
        }
    }

    /// Drops the holder and everything it reserved (its upload finished, was cancelled or expired).
    package func remove(_ id: String) {
        table.withLock { table in
            guard let holder = table.holders.removeValue(forKey: id) else { return }
            table.bytes -= holder.bytes
        }
    }

    /// The bytes reserved now.
    public var heldBytes: Int64 { table.withLock { $0.bytes } }

    /// How many holders are registered.
    public var holderCount: Int { table.withLock { $0.holders.count } }
}
