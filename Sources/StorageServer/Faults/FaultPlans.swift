import Primitives
import StorageAPI
import StorageWire
import Synchronization

/// The faults `serve` carries out (`FaultLayer`): one schedule per bucket, armed through
/// `/internal/buckets/{bucket}/faults`, and one per retry test (storage-testbench's API). One owner, behind one
/// lock; a request reaches the lock only while some plan exists.
final class FaultPlans: Sendable {
    /// What a plan applies to: the requests on a bucket, or those naming a retry test (`x-retry-test-id`).
    enum Scope: Hashable, Sendable {
        case bucket(String)
        case retryTest(String)
    }

    /// Plans at once; more are refused (429), so a client cannot grow the table without bound.
    static let limit = 10_000

    private let plans = Locked<[Scope: FaultSchedule]>([:])
    private let count = Atomic<Int>(0)

    /// Arms `faults` in the plan of `scope` (created when missing) after those it has; false when the table is full.
    func arm(_ faults: [RequestFault], labels: [String]? = nil, scope: Scope) -> Bool {
        plans.withLock { plans in
            guard plans[scope] != nil || plans.count < Self.limit else { return false }
            plans[scope, default: FaultSchedule()].add(faults, labels: labels)
            count.store(plans.count, ordering: .relaxed)
            return true
        }
    }

    /// Removes the plan of `scope`; false when there was none.
    @discardableResult
    func remove(_ scope: Scope) -> Bool {
        plans.withLock { plans in
            defer { count.store(plans.count, ordering: .relaxed) }
            return plans.removeValue(forKey: scope) != nil
        }
    }

    func removeAll() {
        plans.withLock { plans in
            plans.removeAll()
            count.store(0, ordering: .relaxed)
        }
    }

    /// Whether no plan exists: then no request needs classifying.
    var isEmpty: Bool { count.load(ordering: .relaxed) == 0 }

    func schedule(_ scope: Scope) -> FaultSchedule? {
        plans.withLock { $0[scope] }
    }

    func firings(_ scope: Scope) -> [Int] {
        schedule(scope)?.firings ?? []
    }

    /// The retry tests, by id.
    var retryTests: [(id: String, schedule: FaultSchedule)] {
        plans.withLock { plans in
            plans.compactMap { scope, schedule in
                guard case .retryTest(let id) = scope else { return nil }
                return (id, schedule)
            }
        }.sorted { $0.id < $1.id }
    }

    /// The action the request meets in the plan of `scope`; nil when none (or no such plan).
    func next(_ scope: Scope, for subject: FaultSubject) -> RequestFault.Action? {
        plans.withLock { plans in
            plans[scope]?.next(
                kind: subject.kind, operation: subject.operation, sendsNoUploadBytes: subject.sendsNoUploadBytes)
        }
    }
}
