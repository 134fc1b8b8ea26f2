#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open descriptors, which `serve` raises to the most it may: every connection holds one,
/// and so does each blob a data directory keeps open, while the usual soft limit (1,024) is no more than the
/// server's own connection limit.
enum OpenFileLimit {
    /// Raises the soft limit to the hard one; the soft limit in force afterwards.
    @discardableResult
    static func raiseToHardLimit() -> UInt64 {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { return UInt64(raised.rlim_cur) }
        }
        return UInt64(limit.rlim_cur)
    }
}
