import Foundation
import Primitives
import StorageAPI
import StorageSDK
import Testing

/// The Apple SDK's retry rules, on a virtual clock.
@Suite struct RetryPolicyTests {
    @Test(arguments: [408, 502, 503, 504])
    func transientStatusesAreRetried(_ status: Int) throws {
        let clock = VirtualClock()
        var attempts = 0
        let value = try RetryPolicy.run(longestWait: 600, clock: clock) { retries throws(BackendError) -> Int in
            attempts += 1
            if retries < 2 { throw BackendError(status: status, "busy") }
            return retries
        }
        #expect(value == 2 && attempts == 3)
        // The first wait is 1–2 s, the second twice it.
        #expect((3...6).contains(clock.now), "waited \(clock.now) s")
    }

    @Test(arguments: [400, 401, 403, 404, 409, 412, 429, 500])
    func otherStatusesAreNot(_ status: Int) {
        var attempts = 0
        #expect(throws: BackendError.self) {
            try RetryPolicy.run(longestWait: 600, clock: VirtualClock()) { _ throws(BackendError) in
                attempts += 1
                throw BackendError(status: status, "no")
            }
        }
        #expect(attempts == 1)
    }

    @Test func lostConnectionsAreRetriedButMalformedAnswersAreNot() {
        #expect(RetryPolicy.isRetryable(BackendError(.transport, "reset")))
        #expect(!RetryPolicy.isRetryable(BackendError(.malformedResponse, "garbage")))
    }

    @Test func retryingStopsWhenTheNextWaitWouldBeLongerThanTheLongest() {
        let clock = VirtualClock()
        var attempts = 0
        do {
            _ = try RetryPolicy.run(longestWait: 600, clock: clock) { _ throws(BackendError) in
                attempts += 1
                throw BackendError(status: 503, "down")
            }
            Issue.record("a service that stays down was reported as up")
        } catch {
            #expect(error.status == 503)
        }
        // Waits of 1–2, 2–4, … s while they stay within 600 s: ten tries, about 10–20 minutes in all.
        #expect(attempts == 10)
        #expect((511...1023).contains(clock.now), "waited \(clock.now) s")
    }

    @Test func retryAfterIsWaitedAtLeast() throws {
        let clock = VirtualClock()
        _ = try RetryPolicy.run(longestWait: 600, clock: clock) { retries throws(BackendError) in
            if retries == 0 { throw BackendError(.status(503), "later", retryAfter: 30) }
        }
        #expect(clock.now == 30)
    }

    @Test func anObserverHearsEachWaitAndCanStopTheLoopBeforeItWaits() {
        let clock = VirtualClock()
        let heard = Locked<[Int]>([])
        let stop = SleepInterruption()
        let observer = RetryObserver(
            stop: stop,
            willWait: { wait in
                heard.withLock { $0.append(wait.retry) }
                if wait.retry == 2 { stop.interrupt() }
            })
        var attempts = 0
        #expect(throws: BackendError.self) {
            try RetryPolicy.run(longestWait: 600, clock: clock, observer: observer) { _ throws(BackendError) in
                attempts += 1
                throw BackendError(status: 503, "down")
            }
        }
        // Stopped inside the second wait's announcement: no second wait, no third attempt.
        #expect(heard.withLock { $0 } == [1, 2])
        #expect(attempts == 2)
        #expect((1...2).contains(clock.now), "waited \(clock.now) s")
    }
}
