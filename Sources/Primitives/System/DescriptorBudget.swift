#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's open descriptors as a budget, derived from its limit (`RLIMIT_NOFILE`) when asked: a reserve
/// for the process itself (standard streams, the listening socket, the event loops' pollers and wake pipes, the
/// data directory's lock), then each connection's socket with the files one request may hold open at once (a
/// blob read, an upload's staging file, a record being written), and the blobs a data directory keeps open
/// between reads. Upload sessions hold none while they wait for their next chunk.
///
/// A server admits no more connections than the budget covers (a newcomer beyond is answered 503) and keeps
/// blobs open only within their share, so running out never breaks what already works.
public struct DescriptorBudget: Sendable, Equatable {
    /// Descriptors left to the process itself.
    public static let reserve = 96
    /// Descriptors one connection may hold at once: its socket and up to two files.
    public static let perConnection = 3
    /// The most blobs kept open, however large the limit.
    public static let largestKeptBlobs = 256

    /// The limit the budget was derived from.
    public let limit: Int
    /// The most connections served at once.
    public let connections: Int
    /// The most blobs kept open between reads.
    public let keptBlobs: Int

    public init(limit: Int) {
        self.limit = max(0, limit)
        let available = max(0, self.limit - Self.reserve)
        keptBlobs = min(Self.largestKeptBlobs, available / 4)
        connections = max(1, (available - keptBlobs) / Self.perConnection)
    }

    /// The budget under the process's soft limit now (as if unlimited when it cannot be read).
    public static var current: DescriptorBudget {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return DescriptorBudget(limit: Int(Int32.max)) }
        return DescriptorBudget(limit: Int(clamping: limit.rlim_cur))
    }

    /// Raises the process's soft limit to its hard one, as a server that wants every descriptor it may have does
    /// (the usual soft limit, 1,024, is no more than its connection limit); the soft limit in force afterwards,
    /// 0 when it cannot be read.
    @discardableResult
    public static func raiseToHardLimit() -> UInt64 {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { return UInt64(raised.rlim_cur) }
        }
        return UInt64(limit.rlim_cur)
    }

    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif
}
