/// The paths a route group owns on `serve`, as it registers them in the route table (docs/architecture.md §3).
package enum PathClaim: Sendable {
    /// The paths these prefixes match.
    case prefixes([RoutePrefix])
    /// Among the paths no prefix owns, those whose first segment (still percent-encoded) the predicate accepts;
    /// it is handed the first segments the prefixes own (`internal`, `v0`…), to refuse their escaped spellings.
    case firstSegment(@Sendable (_ segment: Substring, _ reserved: Set<String>) -> Bool)
}

/// A path and, optionally, every path below it: `/storage/v1` alone, or `/storage/v1/…`.
package struct RoutePrefix: Sendable, Hashable {
    /// The path, without a trailing slash: `/storage/v1`.
    package let path: String
    /// Whether the prefix matches the paths below `path` (after its `/`) rather than `path` itself.
    package let below: Bool

    /// `path` itself.
    package static func exactly(_ path: String) -> RoutePrefix { RoutePrefix(path: path, below: false) }
    /// Every path under `path/`, not `path` itself.
    package static func under(_ path: String) -> RoutePrefix { RoutePrefix(path: path, below: true) }

    package func matches(_ candidate: String) -> Bool {
        guard below else { return candidate == path }
        return candidate.utf8.count > path.utf8.count && candidate.hasPrefix(path + "/")
    }

    /// The first segment of the path (`storage` for `/storage/v1`): what the table indexes the prefix by.
    package var firstSegment: Substring { Self.firstSegment(of: path) ?? "" }

    /// A path's first segment, without its slashes; nil when the path does not start with `/`.
    package static func firstSegment(of path: String) -> Substring? {
        guard path.hasPrefix("/") else { return nil }
        return path.dropFirst().prefix { $0 != "/" }
    }
}
