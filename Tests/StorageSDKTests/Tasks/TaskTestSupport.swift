import Foundation
import ReferenceService
import StorageSDK

/// Records every event of a task, in order, as `status` or `progress(n)` / `failure(code)` strings.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    private(set) var snapshots: [StorageTaskSnapshot] = []

    init(_ task: StorageObservableTask, actions: @escaping @Sendable (StorageTaskSnapshot) -> Void = { _ in }) {
        task.tap { [self] snapshot in
            lock.lock()
            snapshots.append(snapshot)
            entries.append(Self.describe(snapshot))
            lock.unlock()
            actions(snapshot)
        }
    }

    var events: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    /// The events with progress counts dropped: `["resume", "progress", "success"]`.
    var statuses: [String] { events.map { String($0.prefix { $0 != "(" }) } }

    static func describe(_ snapshot: StorageTaskSnapshot) -> String {
        switch snapshot.status {
        case .progress: "progress(\(snapshot.progress.completedUnitCount))"
        case .failure: "failure(\(snapshot.error?.code.name ?? "nil"))"
        default: snapshot.status.description
        }
    }
}

/// A fresh storage over a fresh in-memory service.
func makeStorage(bucket: String = "bucket", granularity: Int64 = 262_144) -> (Storage, ReferenceBackend) {
    let backend = ReferenceBackend(granularity: granularity)
    return (Storage(bucket: bucket, backend: backend), backend)
}

/// Deterministic bytes.
func bytes(_ count: Int, seed: UInt8 = 1) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
}

let kibibyte = 1024
