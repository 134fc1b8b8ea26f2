import Foundation
import Primitives
import ReferenceService
import StorageAPI
import Synchronization
import Testing

/// The memory budget of uploads in progress, as resumable sessions meet it: a chunk that does not fit evicts the
/// session idle longest (60 s or more here 30 s), and is refused with 503 when none is abandoned.
@Suite struct UploadMemoryBudgetTests {
    private final class Clock: Sendable {
        let now = Mutex(0)
        func advance(seconds: Int) { now.withLock { $0 += seconds * 1000 } }
    }

    private func backend(limit: Int64) -> (ReferenceBackend, PendingUploadBudget, Clock) {
        let clock = Clock()
        let budget = PendingUploadBudget(limit: limit, abandonedAfter: .seconds(30)) { clock.now.withLock { $0 } }
        return (ReferenceBackend(granularity: 1, uploadBudget: budget), budget, clock)
    }

    private func start(_ backend: ReferenceBackend, _ name: String) throws -> String {
        try backend.startUpload(
            UploadStart(object: ObjectAddress(bucket: "bkt", name: name), metadata: ObjectMetadataFields(), size: nil)
        ).id
    }

    @Test func aFullBudgetEvictsTheOldestAbandonedSession() throws {
        let (service, budget, clock) = backend(limit: 20)
        let oldest = try start(service, "oldest")
        _ = try service.uploadChunk(session: oldest, offset: 0, data: Data(count: 8), finalize: false)
        clock.advance(seconds: 5)
        let older = try start(service, "older")
        _ = try service.uploadChunk(session: older, offset: 0, data: Data(count: 8), finalize: false)
        #expect(budget.heldBytes == 16)
        clock.advance(seconds: 40)
        let fresh = try start(service, "fresh")
        _ = try service.uploadChunk(session: fresh, offset: 0, data: Data(count: 8), finalize: false)
        #expect(budget.heldBytes == 16)
        #expect(throws: BackendError.self) { try service.queryUpload(session: oldest) }
        #expect(try service.queryUpload(session: older).receivedBytes == 8)
        let done = try service.uploadChunk(session: fresh, offset: 8, data: Data(count: 1), finalize: true)
        #expect(done.state == .final)
        #expect(budget.heldBytes == 8)
    }

    @Test func aFullBudgetWithNothingAbandonedAnswers503() throws {
        let (service, budget, _) = backend(limit: 10)
        let first = try start(service, "first")
        _ = try service.uploadChunk(session: first, offset: 0, data: Data(count: 8), finalize: false)
        let second = try start(service, "second")
        do {
            _ = try service.uploadChunk(session: second, offset: 0, data: Data(count: 8), finalize: false)
            Issue.record("a chunk past the budget was taken while no session was abandoned")
        } catch {
            #expect(error.status == 503)
            #expect(error.message.contains("--upload-memory"))
            #expect(error.message.contains("Retry later"))
        }
        #expect(try service.queryUpload(session: second).receivedBytes == 0)
        #expect(try service.queryUpload(session: first).receivedBytes == 8)
        #expect(budget.heldBytes == 8)
        try service.cancelUpload(session: first)
        #expect(budget.heldBytes == 0)
        _ = try service.uploadChunk(session: second, offset: 0, data: Data(count: 8), finalize: false)
        #expect(budget.heldBytes == 8)
    }

    @Test func aResetGivesTheBudgetBack() throws {
        let (service, budget, _) = backend(limit: 100)
        let id = try start(service, "a")
        _ = try service.uploadChunk(session: id, offset: 0, data: Data(count: 50), finalize: false)
        service.reset()
        #expect(budget.heldBytes == 0)
        #expect(budget.holderCount == 0)
    }

    /// A chunk whose bytes arrive in two reads; between them, `meanwhile` runs (once).
    private final class SlowBody: UploadBody {
        let length: Int64 = 8
        private var sent = 0
        private let meanwhile: () -> Void

        init(meanwhile: @escaping () -> Void) {
            self.meanwhile = meanwhile
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws(BackendError) -> Int {
            if sent == 4 { meanwhile() }
            let count = min(buffer.count, 4, Int(length) - sent)
            for index in 0..<count { buffer[index] = 1 }
            sent += count
            return count
        }
    }

    @Test func aSessionWhoseChunkIsStillArrivingIsNotEvictedAsAbandoned() throws {
        let (service, budget, clock) = backend(limit: 12)
        let slow = try start(service, "slow")
        var answered: BackendError?
        let body = SlowBody {
            clock.advance(seconds: 120)
            do {
                let other = try start(service, "other")
                _ = try service.uploadChunk(session: other, offset: 0, data: Data(count: 8), finalize: false)
            } catch {
                answered = error as? BackendError
            }
        }
        let status = try service.uploadChunk(session: slow, offset: 0, body: body, finalize: false)
        #expect(status.receivedBytes == 8)
        #expect(answered?.status == 503)
        #expect(budget.heldBytes == 8)
        // Once its bytes are in, the session is untouched from then on, and evicted only 30 s later.
        clock.advance(seconds: 31)
        let late = try start(service, "late")
        _ = try service.uploadChunk(session: late, offset: 0, data: Data(count: 8), finalize: false)
        #expect(throws: BackendError.self) { try service.queryUpload(session: slow) }
    }
}
