import Foundation
import Testing

/// `requests:` and `took:` through a driver (docs/scenario-language.md, "What the target saw"): counted by whoever
/// carries the faults out (serve's fault plan, or the driver's `firedFaults`) and read on the clock the driver
/// borrows. The project's driver passes; a driver that answers without sending the requests fails; a driver on
/// its own clock has its `took:` skipped.
@Suite("driver: requests and took observed") struct ObservedThroughDriverTests {
    /// One 503 on the metadata read: the client retries once after its first wait (1 to 2 s), then hears 404.
    static let scenario = """
        scenario: a 503 on a metadata read is retried once after the first wait
        given:
          faults:
            - { request: metadata, status: 503 }
        steps:
          - getMetadata: missing.txt
            expect: { error: objectNotFound, requests: { metadata: 2 }, took: { atLeast: 1, atMost: 2 } }
        """

    @Test(arguments: ["client", "server"])
    func theProjectsDriverHasBothCheckedWhoeverCarriesTheFaults(_ faults: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Scenarios/observed.yaml", Self.scenario)
        let served = try DriverProtocolTests.Served(in: folder)
        let binary = try #require(SpawnedTool.binary)
        let run = ToolRun([
            "run", file, "--target", served.base, "--driver", "'\(binary.path)' driver --faults \(faults)",
            "--json", folder.path("run.json"),
        ])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.contains("1 passed, 0 failed, 0 errored, 0 expected failures, 0 skipped"), "\(run.both)")
        let report = try #require(folder.read("run.json"))
        #expect(report.contains("requests seen: metadata: 2"), "\(report)")
        #expect(report.contains("took 1.706 s on the client's clock"), "\(report)")
    }

    /// A driver that answers at once without a request: serve, which carries the fault out, saw none.
    @Test func aDriverThatSendsNothingFailsTheCountServeKept() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Scenarios/observed.yaml", Self.scenario)
        let driver = try FakeDriver(in: folder)
        let served = try DriverProtocolTests.Served(in: folder)
        let run = ToolRun([
            "run", file, "--target", served.base, "--driver",
            driver.command(capabilities: #"{"faults":false,"clock":"lent"}"#),
        ])
        #expect(run.code == 1, "\(run.both)")
        #expect(run.output.contains("RequestsMismatch"), "\(run.both)")
        #expect(run.output.contains("expected metadata: 2, actual metadata: 0"), "\(run.both)")
    }

    /// Without the runner's clock, the time the client waited is not observed: the step is skipped, saying why.
    @Test func aDriverOnItsOwnClockHasTookSkipped() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "Scenarios/observed.yaml",
            Self.scenario.replacingOccurrences(of: "requests: { metadata: 2 }, ", with: ""))
        let driver = try FakeDriver(in: folder)
        let served = try DriverProtocolTests.Served(in: folder)
        let run = ToolRun([
            "run", file, "--target", served.base, "--driver",
            driver.command(capabilities: #"{"faults":false,"clock":"own"}"#),
        ])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.contains("0 passed, 0 failed, 0 errored, 0 expected failures, 1 skipped"), "\(run.both)")
        #expect(run.output.contains("took: the driver keeps its own clock"), "\(run.both)")
    }
}
