import Foundation
import Harness
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A driver cannot make the runner hold without bound what it writes, nor outlive the run (issue 25, points 8
/// and 9).
@Suite("driver bounds") struct DriverBoundsTests {
    private static let hello = #"{"id":1,"ok":true,"protocol":1,"name":"rude","version":"1","capabilities":[]}"#
    private static let scenario = """
        scenario: uploads a file
        steps:
          - put: a.txt
            data: hello
        """

    /// A serve on a free port, stopped when the test ends.
    private func served(in folder: TemporaryFolder) throws -> (SpawnedTool, String) {
        let binary = try #require(SpawnedTool.binary, "build the storage-conformance product first")
        let tool = try SpawnedTool(binary, ["serve", "--port", "0"], in: folder.url)
        let port = try #require(tool.waitForOutput(matching: "http://127\\.0\\.0\\.1:([0-9]+)\n", timeout: 30))
        return (tool, "http://127.0.0.1:\(port)")
    }

    @Test func aDriverFloodingEventsErrorsTheScenarioNamingTheDriver() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Scenarios/flood.yaml", Self.scenario)
        let (serve, base) = try served(in: folder)
        defer { serve.terminate() }
        // Greets, then answers nothing more and writes events without end while the runner waits for `begin`.
        let driver = "read line; echo '\(Self.hello)'; read line; while :; do echo '{\"event\":\"progress\"}'; done"
        let run = ToolRun(["run", file, "--target", base, "--timeout", "60", "--driver", driver])
        #expect(run.code == 1, "\(run.both)")
        #expect(run.output.contains("ERROR flood/uploads-a-file"), "\(run.both)")
        #expect(run.output.contains("driver `read line;"), "\(run.both)")
        #expect(run.output.contains("floods the runner"), "\(run.both)")
    }

    /// Whether `pid` is a live process (a zombie is not).
    private func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return kill(pid, 0) == 0 }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    @Test func aDriverIgnoringSIGTERMAndItsChildrenAreKilled() throws {
        let folder = try TemporaryFolder()
        // The driver lacks getMetadata: the scenario is skipped, and only the greeting runs the driver.
        let file = try folder.write("Scenarios/stubborn.yaml", "scenario: reads metadata\nsteps:\n  - getMetadata: a\n")
        let (serve, base) = try served(in: folder)
        defer { serve.terminate() }
        let pids = folder.path("pids")
        // Ignores SIGTERM (so does its child, which inherits that), and never exits by itself.
        let driver =
            "trap '' TERM; sleep 300 & echo $$ $! > '\(pids)'; read line; echo '\(Self.hello)'; "
            + "while :; do read line || sleep 1; done"
        let run = ToolRun(["run", file, "--target", base, "--driver", driver])
        #expect(run.code == 0, "\(run.both)")
        let started = try #require(folder.read("pids")).split(separator: " ").compactMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(started.count == 2)
        for pid in started {
            #expect(!isAlive(pid), "process \(pid) outlived the run")
            if isAlive(pid) { kill(pid, SIGKILL) }
        }
    }
}
