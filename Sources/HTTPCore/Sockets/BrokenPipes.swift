#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes writing to a socket or pipe whose reader has gone an error (`EPIPE`) instead of a SIGPIPE that ends
/// the whole process. Socket writes here already pass `MSG_NOSIGNAL` (or set `SO_NOSIGPIPE`); this covers the
/// writes that cannot (other libraries', pipes), for the server, the client and the command line.
public enum BrokenPipes {
    private static let ignored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Ignores SIGPIPE for the process (once; later calls do nothing).
    public static func ignore() { ignored }
}
