import Foundation
import Harness
import Testing

/// `"clock": "lent"` (docs/driver-protocol.md §5.2): a driver's client sleeps on the runner's virtual clock,
/// the runner answers each `sleep` with `slept`, and a sleep the clock was not lent for, or a malformed one,
/// errors the scenario with the reason.
@Suite("driver: the lent clock") struct LentClockDriverTests {
    @Test func anHourOnTheLentClockIsAnsweredWithTheClockMovedOnByAnHour() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Scenarios/clock.yaml", FakeDriver.scenarios(1))
        let driver = try FakeDriver(in: folder)
        let served = try DriverProtocolTests.Served(in: folder)
        let run = ToolRun([
            "run", file, "--target", served.base, "--json", folder.path("run.json"), "--driver",
            driver.command(capabilities: #"{"clock":"lent"}"#, sleep: #"{"sleep":7,"seconds":3600}"#),
        ])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.contains("1 passed, 0 failed, 0 errored"), "\(run.both)")

        let begin = try #require(driver.facts("begin ").first, "\(driver.log)")
        let lentAt = try #require(
            (Self.object(begin.fact.dropFirst(6))?["now"] as? NSNumber)?.doubleValue, "begin.clock: \(begin.fact)")
        let reply = try #require(driver.facts("reply ").first, "\(driver.log)")
        let slept = try #require(Self.object(reply.fact.dropFirst(6)), "\(reply.fact)")
        #expect(slept["slept"] as? Int == 7, "the answer names the sleep: \(reply.fact)")
        let now = try #require((slept["now"] as? NSNumber)?.doubleValue, "\(reply.fact)")
        // The clock moves on by the hour, and by no more than the real time the run took besides.
        #expect(now >= lentAt + 3600 && now < lentAt + 3600 + 120, "lent at \(lentAt), after the sleep \(now)")

        // The report counts the hour as the client's wait on the virtual clock.
        let report = try #require(folder.read("run.json"))
        let waits = try #require(Self.object(report[...]).flatMap(Self.clientWaits), "\(report)")
        #expect(waits >= 3600 && waits < 3600 + 120, "\(report)")
    }

    @Test func aDriverThatDidNotTakeTheClockCannotSleepOnIt() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Scenarios/clock.yaml", FakeDriver.scenarios(1))
        let driver = try FakeDriver(in: folder)
        let served = try DriverProtocolTests.Served(in: folder)
        let run = ToolRun([
            "run", file, "--target", served.base, "--driver",
            driver.command(capabilities: #"{"clock":"own"}"#, sleep: #"{"sleep":1,"seconds":1}"#),
        ])
        #expect(run.code == 1, "\(run.both)")
        #expect(run.output.contains("0 passed, 0 failed, 1 errored"), "\(run.both)")
        #expect(
            run.output.contains("the driver asked to sleep on the runner's clock, which was not lent to it"),
            "\(run.both)")
        #expect(driver.facts("begin ").first?.fact == "begin null", "no clock in begin: \(driver.log)")
        #expect(driver.facts("reply {\"slept\"").isEmpty, "no answer to the sleep: \(driver.log)")
    }

    /// Each sleep is out of range or malformed: the scenario errors saying so, and the runner neither traps nor
    /// sleeps.
    @Test(arguments: [
        #"{"sleep":1,"seconds":-1}"#, #"{"sleep":1,"seconds":86401}"#, #"{"sleep":1,"seconds":1e999}"#,
        #"{"sleep":1,"seconds":"10"}"#, #"{"sleep":1}"#, #"{"sleep":1.5,"seconds":1}"#,
        #"{"sleep":"one","seconds":1}"#, #"{"sleep":99999999999999999999,"seconds":1}"#,
    ])
    func aMalformedSleepErrorsTheScenario(_ sleep: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Scenarios/clock.yaml", FakeDriver.scenarios(1))
        let driver = try FakeDriver(in: folder)
        let served = try DriverProtocolTests.Served(in: folder)
        let run = ToolRun([
            "run", file, "--target", served.base, "--timeout", "20", "--driver",
            driver.command(capabilities: #"{"clock":"lent"}"#, sleep: sleep),
        ])
        #expect(run.code == 1, "\(run.both)")
        #expect(run.output.contains("0 passed, 0 failed, 1 errored"), "\(run.both)")
        #expect(run.output.contains("a malformed sleep (a number and 0 to 86400 seconds)"), "\(run.both)")
        #expect(driver.facts("reply {\"slept\"").isEmpty, "no answer to the sleep: \(driver.log)")
    }

    /// The JSON object `text`, or nil when it is not one.
    private static func object(_ text: Substring) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// `clientWaits.total` of the report's only scenario.
    private static func clientWaits(_ report: [String: Any]) -> Double? {
        let files = report["files"] as? [[String: Any]]
        let scenario = (files?.first?["scenarios"] as? [[String: Any]])?.first
        return ((scenario?["clientWaits"] as? [String: Any])?["total"] as? NSNumber)?.doubleValue
    }
}
