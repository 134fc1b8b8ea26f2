import Foundation
import Primitives
import ReferenceService
import StorageAPI
import StorageSDK
import Testing

/// A pause or cancel from another thread while the task's client waits an hour, in real time, to try
/// again: the wait ends at once and the task goes on as the control says. The task's work runs on a
/// thread of its own, waited for at most a minute, so that a wait that does not end fails the test
/// instead of hanging it.
@Suite struct RetryWaitControlTests {
    /// Real time that says when each sleep begins.
    final class AnnouncingClock: StorageClock {
        let sleeping = DispatchSemaphore(value: 0)
        private let inner = SystemClock()

        var now: Double { inner.now }
        var waits: ClockWaits { inner.waits }

        func sleep(_ seconds: Double, unless interruption: SleepInterruption?) {
            sleeping.signal()
            inner.sleep(seconds, unless: interruption)
        }
    }

    /// An upload whose opening request is first answered 503 with `Retry-After: 3600`.
    private static func upload() -> (StorageUploadTask, AnnouncingClock) {
        let clock = AnnouncingClock()
        let backend = FaultInjectingBackend(
            ReferenceBackend(),
            faults: [RequestFault(kind: .uploadStart, occurrence: .nth(1), action: .status(503, retryAfter: 3600))])
        let storage = Storage(bucket: "bucket", backend: backend, clock: clock)
        storage.maxUploadRetryTime = 7200
        return (storage.reference(withPath: "waits").putData(bytes(1000)), clock)
    }

    /// Runs the task's work on another thread until it ends; false when it has not within a minute.
    private static func finishes(_ task: StorageUploadTask) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread {
            task.wait()
            done.signal()
        }.start()
        return done.wait(timeout: .now() + 60) == .success
    }

    @Test func aPauseEndsTheRetryWaitAndTheResumeTriesAgain() throws {
        let (task, clock) = Self.upload()
        let log = EventLog(task)
        Thread {
            clock.sleeping.wait()
            task.pause()
            task.resume()
        }.start()
        #expect(Self.finishes(task))
        #expect(log.statuses == ["resume", "pause", "resume", "progress", "success"])
        #expect(try task.result?.get().size == 1000)
        #expect(clock.waits.total < 3600)
    }

    @Test func aCancelEndsTheRetryWait() {
        let (task, clock) = Self.upload()
        let log = EventLog(task)
        Thread {
            clock.sleeping.wait()
            task.cancel()
        }.start()
        #expect(Self.finishes(task))
        #expect(log.events == ["resume", "failure(cancelled)"])
        #expect(clock.waits.total < 3600)
    }
}
