/// A task's state at one event: what observers receive, and what `StorageObservableTask.snapshot` returns.
public struct StorageTaskSnapshot: Sendable, CustomStringConvertible {
    public let status: StorageTaskStatus
    public let progress: StorageProgress
    /// Set on failure only.
    public let error: StorageError?
    /// Upload: the request's metadata while running, the service's on success. Download: nil.
    public let metadata: StorageMetadata?
    public let reference: StorageReference
    public let task: any StorageObservableTask

    /// The SDK's descriptions (`<State: Paused>`; the failure form has no closing `>`, as in the SDK).
    public var description: String {
        switch status {
        case .unknown: "<State: Unknown>"
        case .resume: "<State: Resume>"
        case .progress: "<State: Progress, Progress: \(progress)>"
        case .pause: "<State: Paused>"
        case .success: "<State: Success>"
        case .failure: "<State: Failed, Error: \(error.map { "\($0)" } ?? "nil")"
        }
    }
}

/// Bytes done and bytes in all. Upload: data bytes acknowledged by the service and the data's size.
/// Download: bytes received and the object's size, -1 until the service has told it.
public struct StorageProgress: Sendable, Equatable, CustomStringConvertible {
    public var completedUnitCount: Int64
    public var totalUnitCount: Int64

    public init(completedUnitCount: Int64, totalUnitCount: Int64) {
        self.completedUnitCount = completedUnitCount
        self.totalUnitCount = totalUnitCount
    }

    /// Completed over total, 0…1; 0 while the total is unknown or zero.
    public var fractionCompleted: Double {
        totalUnitCount > 0 ? Double(completedUnitCount) / Double(totalUnitCount) : 0
    }

    public var description: String { "\(completedUnitCount)/\(totalUnitCount)" }
}
