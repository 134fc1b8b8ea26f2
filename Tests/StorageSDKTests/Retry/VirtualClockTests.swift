import Foundation
import Primitives
import ReferenceService
import StorageAPI
import StorageSDK
import Testing

/// The virtual clock skips every wait at once, except past real work under way (a request on the wire):
/// results depend on the order of events, never on how fast this machine is.
@Suite struct VirtualClockTests {
    @Test func aSleepWithNothingRealUnderWayPassesAtOnce() {
        let clock = VirtualClock()
        clock.sleep(90)
        clock.sleep(0.5)
        #expect(clock.now == 90.5)
        #expect(clock.waits == ClockWaits(total: 90.5, inRealTime: 0))
    }

    @Test func aStoppedSleepDoesNotWait() {
        let clock = VirtualClock()
        let stop = SleepInterruption()
        stop.interrupt()
        clock.sleep(90, unless: stop)
        #expect(clock.now == 0)
        #expect(clock.waits.total == 0)
    }

    /// Real work that ends after 50 ms: the sleep ends after it, and only then skips the rest of its hour.
    @Test func aSleepDoesNotSkipPastRealWorkUnderWay() {
        let clock = VirtualClock()
        let started = DispatchSemaphore(value: 0)
        let finished = Locked(false)
        Thread {
            clock.inRealTime {
                started.signal()
                Thread.sleep(forTimeInterval: 0.05)
                finished.withLock { $0 = true }
            }
        }.start()
        started.wait()
        clock.sleep(3600)
        #expect(finished.withLock { $0 }, "the sleep skipped ahead while real work was under way")
        #expect(clock.now == 3600)
        let waits = clock.waits
        #expect(waits.total == 3600)
        #expect(waits.inRealTime > 0 && waits.inRealTime < 3600)
    }

    /// Real work that outlasts the sleep: the sleep ends when its own length has passed in real time.
    @Test func aSleepEndsAfterItsLengthInRealTimeWhileRealWorkGoesOn() {
        let clock = VirtualClock()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let timedOut = Locked(false)
        let done = DispatchSemaphore(value: 0)
        Thread {
            clock.inRealTime {
                started.signal()
                let result = release.wait(timeout: .now() + 30)
                timedOut.withLock { $0 = result == .timedOut }
            }
            done.signal()
        }.start()
        started.wait()
        clock.sleep(0.05)
        let waits = clock.waits
        release.signal()
        done.wait()
        #expect(!timedOut.withLock { $0 }, "the sleep waited for the real work to end")
        #expect(waits.total >= 0.05 && waits.inRealTime == waits.total)
        #expect(clock.now >= 0.05)
    }

    /// Interrupted while it waits for real work that would last 30 s more: it ends while that work is still
    /// under way, without skipping ahead.
    @Test func anInterruptionEndsARealTimeSleepAtOnce() {
        let clock = VirtualClock()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let timedOut = Locked(false)
        let done = DispatchSemaphore(value: 0)
        Thread {
            clock.inRealTime {
                started.signal()
                let result = release.wait(timeout: .now() + 30)
                timedOut.withLock { $0 = result == .timedOut }
            }
            done.signal()
        }.start()
        started.wait()
        let stop = SleepInterruption()
        Thread {
            Thread.sleep(forTimeInterval: 0.05)  // most likely inside the sleep; before it must work too
            stop.interrupt()
        }.start()
        clock.sleep(3600, unless: stop)
        let now = clock.now
        release.signal()
        done.wait()
        #expect(stop.isInterrupted)
        #expect(!timedOut.withLock { $0 }, "the sleep waited for the real work to end")
        #expect(now < 3600)
    }

    /// The backend in front of the wire marks each request as real work: a wait of the same client does not
    /// skip past a request that another thread has on the wire.
    @Test func aRealTimeBackendKeepsSleepsFromSkippingPastItsRequests() throws {
        let clock = VirtualClock()
        let service = ReferenceBackend()
        try service.seed(bucket: "bkt", name: "a", data: Data("hello".utf8))
        let wire = SlowWire()
        let slowService = FaultInjectingBackend(
            service, faults: [RequestFault(kind: .metadata, occurrence: .every, action: .stall(seconds: 1))],
            clock: wire)
        let backend = RealTimeBackend(slowService, clock: clock)
        Thread { _ = try? backend.getMetadata(ObjectAddress(bucket: "bkt", name: "a")) }.start()
        wire.entered.wait()
        clock.sleep(600)
        #expect(wire.answered.withLock { $0 }, "the sleep skipped past a request on the wire")
        #expect(clock.now == 600)
    }

    @Test func pastItsDeadlineARealTimeBackendSendsNothing() throws {
        let service = ReferenceBackend()
        try service.seed(bucket: "bkt", name: "a", data: Data("hello".utf8))
        let backend = RealTimeBackend(service, clock: VirtualClock())
        let object = ObjectAddress(bucket: "bkt", name: "a")
        backend.setDeadline(Date(timeIntervalSinceNow: 3600))
        _ = try backend.getMetadata(object)
        #expect(!backend.refusedPastDeadline)
        backend.setDeadline(Date(timeIntervalSinceNow: -1))
        do {
            try backend.deleteObject(object)
            Issue.record("a request past the deadline was sent")
        } catch {
            #expect(error.kind == .transport)
        }
        #expect(backend.refusedPastDeadline)
        #expect((try? service.getMetadata(object)) != nil, "the refused delete reached the service")
        backend.setDeadline(nil)
        #expect(!backend.refusedPastDeadline)
        try backend.deleteObject(object)
    }
}

/// Stands for the network: a request's stall on it takes 50 ms of real time, and says when it starts and ends.
private final class SlowWire: StorageClock {
    let entered = DispatchSemaphore(value: 0)
    let answered = Locked(false)

    var now: Double { 0 }
    var waits: ClockWaits { ClockWaits() }

    func sleep(_ seconds: Double, unless interruption: SleepInterruption?) {
        entered.signal()
        Thread.sleep(forTimeInterval: 0.05)
        answered.withLock { $0 = true }
    }
}
