import Foundation
import Harness
import Testing

/// `"reuse": true` (docs/driver-protocol.md §1): one worker runs its scenarios one after another on one driver
/// process; without it, every scenario gets a process of its own; a kept driver that died is replaced.
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

    /// The kept driver exits after its first scenario (before the next one takes it, or as it begins) or at the
    /// next `begin`: the next scenario greets a fresh one, which is kept in turn.
    @Test(arguments: [FakeDriver.Death.answer, .begin])
    func aKeptDriverThatDiedIsReplacedByAFreshOne(_ death: FakeDriver.Death) throws {
        let folder = try TemporaryFolder()
        let driver = try FakeDriver(in: folder)
        let run = try runThree(folder, driver.command(capabilities: #"{"reuse":true}"#, dies: death))
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.contains("3 passed, 0 failed, 0 errored"), "\(run.both)")
        #expect(driver.facts("exit").count == 1, "\(driver.log)")
        #expect(driver.facts("hello").count == 3, "greeted before the run, then once per process: \(driver.log)")
        #expect(beginsPerProcess(driver) == [1, 2], "\(driver.log)")
        if death == .begin {
            let report = folder.read("run.json") ?? ""
            #expect(report.contains("the driver kept from the last scenario could not begin"), "\(report)")
        }
    }
}
