import StorageAPI

/// When the client tries a request again, and how long it waits first: the Apple SDK's rules
/// (docs/semantics.md §11). Statuses 408, 502, 503 and 504 and failures to get any answer (refused, reset,
/// timed out) are retried; 500, 429 and every other status are not. The first wait is between 1 and 2 s,
/// then each doubles; a `Retry-After` the service sent is waited at least. The SDK's retry times
/// (`maxUploadRetryTime` and the others) are the longest wait: retrying stops when the next wait would be
/// longer, and the last failure is the result.
///
/// The jitter comes from a fixed sequence, so that the same run waits the same way every time. An observer
/// hears of each wait before it starts; once its caller stopped it (a paused or cancelled task), the loop
/// ends with the last failure, without waiting or trying again, and a wait under way ends at once.
public struct RetryPolicy: Sendable {
    public static let retriedStatuses: Set<Int> = [408, 502, 503, 504]

    public static func isRetryable(_ failure: BackendError) -> Bool {
        switch failure.kind {
        case .status(let status): retriedStatuses.contains(status)
        case .transport: true
        case .malformedResponse: false
        }
    }

    /// Runs `attempt` until it succeeds, fails for good, or the next wait would be longer than
    /// `longestWait` seconds. `attempt` is told how many attempts came before it, so it can learn where the
    /// service stands.
    public static func run<Value>(
        longestWait: Double, clock: any StorageClock, observer: RetryObserver = .none,
        _ attempt: (_ retries: Int) throws(BackendError) -> Value
    ) throws(BackendError) -> Value {
        var retries = 0
        var interval = 0.0
        while true {
            do {
                return try attempt(retries)
            } catch {
                guard isRetryable(error) else { throw error }
                interval = retries == 0 ? 1 + jitter(retries) : interval * 2
                let wait = max(interval, error.retryAfter ?? 0)
                guard wait <= longestWait, !observer.isStopped else { throw error }
                retries += 1
                observer.willWait(RetryWait(retry: retries, seconds: wait, failure: error))
                guard !observer.isStopped else { throw error }
                clock.sleep(wait, unless: observer.stop)
                guard !observer.isStopped else { throw error }
            }
        }
    }

    /// How long `run` waits in all, when every try fails with a retried failure and no `Retry-After`, before
    /// it gives up with `longestWait`: the retry budget of an SDK that has budgets instead of a longest wait.
    public static func totalWait(longestWait: Double) -> Double {
        guard longestWait.isFinite else { return .infinity }
        var total = 0.0
        var interval = 1 + jitter(0)
        while interval <= longestWait {
            total += interval
            interval *= 2
        }
        return total
    }

    /// A number in 0..<1 for retry `index`, the same on every run.
    private static func jitter(_ index: Int) -> Double {
        var state = UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15 &+ 0x2545_F491_4F6C_DD1D
        state ^= state >> 33
        state = state &* 0xFF51_AFD7_ED55_8CCD
        state ^= state >> 33
        return Double(state >> 11) / Double(UInt64(1) << 53)
    }
}
