/// A report could not be written; `path` is the report's path and `reason` says why.
public struct AtomicFileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write report '\(path)': \(reason)" }
}
