import Dispatch
import Foundation
import Primitives
import Testing

@Suite struct LockedTests {
    /// A wait without a deadline (`Date.distantFuture`) ends when another thread makes the value ready.
    @Test func aWaitWithoutDeadlineEndsWhenTheValueIsReady() {
        let flag = Locked(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
            flag.withCondition { value, condition in
                value = true
                condition.broadcast()
            }
        }
        let ready = flag.wait(until: .distantFuture, for: { $0 }) { _, ready in ready }
        #expect(ready)
    }

    /// The same through the condition: a broadcast wakes it (the broadcaster takes the lock only once the wait
    /// has released it).
    @Test func aConditionWaitWithoutDeadlineWakesOnBroadcast() {
        let lock = Locked(0)
        let woken = lock.withCondition { _, condition in
            DispatchQueue.global().async { lock.withCondition { _, condition in condition.broadcast() } }
            return condition.wait(until: .distantFuture)
        }
        #expect(woken)
    }

    /// A deadline that passes ends the wait with the value not ready.
    @Test func aPassedDeadlineEndsTheWaitNotReady() {
        let flag = Locked(false)
        let ready = flag.wait(until: Date(timeIntervalSinceNow: 0.01), for: { $0 }) { _, ready in ready }
        #expect(!ready)
    }
}
