import Primitives
import Synchronization
import Testing

/// The shared budget of uploads in progress: the holder idle longest goes first, only when abandoned.
@Suite struct PendingUploadBudgetTests {
    @Test func evictsTheIdlestAbandonedHoldersFirstAndOnlyAsManyAsNeeded() {
        let now = Mutex(0)
        let evicted = Mutex<[String]>([])
        let budget = PendingUploadBudget(limit: 30, abandonedAfter: .seconds(10)) { now.withLock { $0 } }
        for name in ["a", "b", "c"] {
            budget.register(name) { evicted.withLock { $0.append(name) } }
            #expect(budget.reserve(10, for: name))
            now.withLock { $0 += 1000 }
        }
        budget.touch("a")
        budget.register("d") { evicted.withLock { $0.append("d") } }
        #expect(!budget.reserve(15, for: "d"))
        now.withLock { $0 += 20_000 }
        #expect(budget.reserve(15, for: "d"))
        #expect(evicted.withLock { $0 } == ["b", "c"])
        #expect(budget.heldBytes == 25)
        budget.release(5, for: "d")
        budget.remove("a")
        #expect(budget.heldBytes == 10)
        #expect(!budget.reserve(1, for: "b"))
    }
}
