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

    /// A schedule, and the operations a retry test named (with or without instructions), in the order named.
    private struct Plan {
        var schedule = FaultSchedule()
        var operations: [String] = []
    }

    private let plans = Locked<[Scope: Plan]>([:])
    private let count = Atomic<Int>(0)

    /// Arms `faults` in the plan of `scope` (created when missing) after those it has, noting `operations` as named;
    /// false when the table is full.
    func arm(_ faults: [RequestFault], labels: [String]? = nil, scope: Scope, operations: [String] = []) -> Bool {
        plans.withLock { plans in
            guard plans[scope] != nil || plans.count < Self.limit else { return false }
            plans[scope, default: Plan()].schedule.add(faults, labels: labels)
            for operation in operations where !(plans[scope]?.operations.contains(operation) ?? true) {
                plans[scope]?.operations.append(operation)
            }
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
        plans.withLock { $0[scope]?.schedule }
    }

    /// The operations a retry test named, in the order named.
    func operations(_ scope: Scope) -> [String] {
        plans.withLock { $0[scope]?.operations ?? [] }
    }

    func firings(_ scope: Scope) -> [Int] {
        schedule(scope)?.firings ?? []
    }

    /// How often each fault of the plan of `scope` acted and the requests it saw (empty when there is no plan).
    func tally(_ scope: Scope) -> FaultTally {
        schedule(scope).map { FaultTally($0) } ?? FaultTally(firings: [], seen: [], order: [])
    }

    /// The retry tests, by id.
    var retryTests: [(id: String, schedule: FaultSchedule)] {
        plans.withLock { plans in
            plans.compactMap { scope, plan in
                guard case .retryTest(let id) = scope else { return nil }
                return (id, plan.schedule)
            }
        }.sorted { $0.id < $1.id }
    }

    /// The action the request meets in the plan of `scope`; nil when none (or no such plan).
    func next(_ scope: Scope, for subject: FaultSubject) -> RequestFault.Action? {
        plans.withLock { plans in
            plans[scope]?.schedule.next(
                kind: subject.kind, operation: subject.operation, sendsNoUploadBytes: subject.sendsNoUploadBytes,
                uploadBytes: subject.uploadBytes)
        }
    }
}
