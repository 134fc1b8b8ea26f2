import Primitives
import Testing

/// The descriptor budget's shares: a reserve for the process, then kept blobs and connections.
@Suite struct DescriptorBudgetTests {
    @Test(arguments: [0, 1, 64, 96, 256, 1024, 20_000, 1 << 20, Int(Int32.max)])
    func sharesNeverExceedTheLimit(_ limit: Int) {
        let budget = DescriptorBudget(limit: limit)
        #expect(budget.connections >= 1)
        #expect(budget.keptBlobs <= DescriptorBudget.largestKeptBlobs)
        if limit > DescriptorBudget.reserve + DescriptorBudget.perConnection {
            #expect(
                DescriptorBudget.reserve + budget.keptBlobs + budget.connections * DescriptorBudget.perConnection
                    <= limit)
        }
    }

    @Test func aLimitOf1024() {
        let budget = DescriptorBudget(limit: 1024)
        #expect(budget.keptBlobs == 232 && budget.connections == 232)
    }
}
