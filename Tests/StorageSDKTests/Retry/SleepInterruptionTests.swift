import Foundation
import Primitives
import StorageAPI
import Testing

/// A sleep ends when it is interrupted, whether the interruption comes while it waits or before it began.
/// Each sleep of an hour runs on a thread of its own, waited for at most a minute so that a broken
/// interruption fails the test instead of hanging it; what is checked is the clock's account of the sleep.
@Suite struct SleepInterruptionTests {
    /// Runs `body` on a new thread; false when it has not returned within a minute.
    private static func returns(_ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        return done.wait(timeout: .now() + 60) == .success
    }

    @Test func aSystemClockSleepEndsWhenInterruptedFromAnotherThread() {
        let clock = SystemClock()
        let stop = SleepInterruption()
        Thread {
            Thread.sleep(forTimeInterval: 0.05)  // most likely inside the sleep; before it must work too
            stop.interrupt()
        }.start()
        #expect(Self.returns { clock.sleep(3600, unless: stop) })
        #expect(stop.isInterrupted)
        #expect(clock.waits.total < 3600)
    }

    @Test func anInterruptionBeforeTheSleepEndsItAtOnce() {
        let stop = SleepInterruption()
        stop.interrupt()
        let system = SystemClock()
        #expect(Self.returns { system.sleep(3600, unless: stop) })
        #expect(system.waits.total < 3600)
        let virtual = VirtualClock()
        #expect(Self.returns { virtual.sleep(3600, unless: stop) })
        #expect(virtual.now == 0)
    }

    /// One interruption ends every sleep given it, on either clock.
    @Test func anInterruptionEndsEverySleepGivenIt() {
        let virtual = VirtualClock()
        let work = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        Thread {
            virtual.inRealTime {
                work.signal()
                _ = release.wait(timeout: .now() + 120)
            }
        }.start()
        work.wait()  // from here on, a virtual sleep waits in real time
        let stop = SleepInterruption()
        let system = SystemClock()
        let ended = DispatchSemaphore(value: 0)
        for clock in [system, virtual] as [any StorageClock] {
            for _ in 0..<2 {
                Thread {
                    clock.sleep(3600, unless: stop)
                    ended.signal()
                }.start()
            }
        }
        stop.interrupt()
        let all = (0..<4).map { _ in ended.wait(timeout: .now() + 60) == .success }
        release.signal()
        #expect(all == [true, true, true, true])
        #expect(system.waits.total < 4 * 3600)
        #expect(virtual.now < 3600)
    }

    @Test func aSleepWithoutAnInterruptionLastsItsLength() {
        let clock = SystemClock()
        clock.sleep(0.01)
        #expect(clock.waits.total >= 0.01)
    }
}
