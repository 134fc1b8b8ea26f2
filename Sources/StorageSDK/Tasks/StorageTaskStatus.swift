/// What a task event is about (the SDK's `StorageTaskStatus`, with its raw values).
public enum StorageTaskStatus: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Never observable: a task always reports one of the other statuses.
    case unknown = 0
    /// The task started, or resumed after a pause.
    case resume = 1
    /// Bytes were acknowledged (upload) or received (download).
    case progress = 2
    case pause = 3
    case success = 4
    case failure = 5

    /// The status `description` spells, `unknown` included.
    public init?(name: String) {
        guard let status = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = status
    }

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .resume: "resume"
        case .progress: "progress"
        case .pause: "pause"
        case .success: "success"
        case .failure: "failure"
        }
    }
}
