import Foundation
import Harness
import Testing

/// `"reuse": true` (docs/driver-protocol.md §1): one worker runs its scenarios one after another on one driver
/// process; without it, every scenario gets a process of its own.
@Suite("driver: reuse") struct ReusedDriverTests {
    /// Runs three scenarios with one worker through the fake driver started by `command`.
    private func runThree(_ folder: TemporaryFolder, _ command: String) throws -> ToolRun {
        let file = try folder.write("Scenarios/reuse.yaml", FakeDriver.scenarios(3))
        let served = try DriverProtocolTests.Served(in: folder)
        return ToolRun([
            "run", file, "--target", served.base, "--jobs", "1", "--json", folder.path("run.json"), "--driver", command,
        ])
    }

    /// How many `begin`s each process got, in the order the processes first got one.
    private func beginsPerProcess(_ driver: FakeDriver) -> [Int] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for begin in driver.facts("begin") {
            if counts[begin.pid] == nil { order.append(begin.pid) }
            counts[begin.pid, default: 0] += 1
        }
        return order.map { counts[$0] ?? 0 }
    }

    @Test func aReusableDriverRunsEveryScenarioOfItsWorkerInOneProcess() throws {
        let folder = try TemporaryFolder()
        let driver = try FakeDriver(in: folder)
        let run = try runThree(folder, driver.command(capabilities: #"{"reuse":true}"#))
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.contains("3 passed, 0 failed, 0 errored"), "\(run.both)")
        // One start to greet it before the run, and one that runs the three scenarios.
        #expect(driver.facts("start").count == 2, "\(driver.log)")
        #expect(beginsPerProcess(driver) == [3], "\(driver.log)")
    }

    @Test func aDriverThatDoesNotSayReuseGetsAProcessPerScenario() throws {
        let folder = try TemporaryFolder()
        let driver = try FakeDriver(in: folder)
        let run = try runThree(folder, driver.command(capabilities: #"{"reuse":false}"#))
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.contains("3 passed, 0 failed, 0 errored"), "\(run.both)")
        #expect(driver.facts("start").count == 4, "\(driver.log)")
        #expect(beginsPerProcess(driver) == [1, 1, 1], "\(driver.log)")
    }
}
