import Foundation
import Harness
import Testing

/// `run --driver`: another client through the driver protocol, and what happens when a driver misbehaves.
@Suite("driver protocol") struct DriverProtocolTests {
    /// A serve on a free port for the duration of a test.
    struct Served {
        let tool: SpawnedTool
        let base: String

        init(in folder: TemporaryFolder) throws {
            let binary = try #require(SpawnedTool.binary, "build the storage-conformance product first")
            tool = try SpawnedTool(binary, ["serve", "--port", "0"], in: folder.url)
            let port = try #require(tool.waitForOutput(matching: "http://127\\.0\\.0\\.1:([0-9]+)\n", timeout: 30))
            base = "http://127.0.0.1:\(port)"
        }
    }

    static let scenarios = """
        scenario: a paused upload resumes inside its first progress event and every byte arrives
        steps:
          - put: a.bin
            data: { random: 600KiB, seed: 3 }
            as: up
          - pause: up
            when: { progress: 256KiB }
          - resume: up
          - await: up
            expect: { events: "resume progress(256KiB/600KiB) pause resume progress+ success", metadata: { size: 614400 } }
          - getData: a.bin
            maxSize: 1MiB
            expect: { data: { random: 600KiB, seed: 3 } }
        ---
        scenario: a late observer and a missing object behave as in process
        steps:
          - put: b.txt
            data: hello
            as: up
          - await: up
          - observe: { task: up, status: success, as: late }
          - await: up
            expect: { observer: { late: success } }
          - getMetadata: missing.txt
            expect: { error: objectNotFound }
          - listAll: ""
            expect: { items: [b.txt] }
        """

    @Test func theProjectsOwnDriverPassesWhatTheClientInProcessPasses() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Scenarios/driver.yaml", Self.scenarios)
        let served = try Served(in: folder)
        let binary = try #require(SpawnedTool.binary)
        let run = ToolRun([
            "run", file, "--target", served.base, "--driver", "'\(binary.path)' driver",
            "--json", folder.path("driver.json"),
        ])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.contains("driver: storage-conformance"))
        #expect(run.output.contains("2 passed, 0 failed, 0 errored, 0 expected failures, 0 skipped"), "\(run.both)")
        let report = try String(contentsOfFile: folder.path("driver.json"), encoding: .utf8)
        #expect(report.contains("up: pause"), "the transcript shows the events the driver reported")
    }

    @Test func capabilitiesADriverLacksSkipTheScenariosThatNeedThem() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Scenarios/driver.yaml", Self.scenarios)
        let served = try Served(in: folder)
        let hello = #"{"id":1,"ok":true,"protocol":1,"name":"bare","version":"1","capabilities":[]}"#
        let run = ToolRun(["run", file, "--target", served.base, "--driver", "read line; echo '\(hello)'; read line"])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.contains("0 passed, 0 failed, 0 errored, 0 expected failures, 2 skipped"), "\(run.both)")
        #expect(
            run.output.contains("the driver bare lacks upload events, upload pauseResume (docs/driver-protocol.md §4)"))
        #expect(run.output.contains("the driver bare lacks getMetadata, listAll, upload events, upload observers"))
    }

    /// Each driver breaks the protocol one way; the run says how, with the driver's last words, and never hangs.
    @Test(arguments: [
        (
            "echo 'the SDK is not installed' >&2; exit 3", "the driver exited (exit status 3)",
            "the SDK is not installed"
        ),
        ("read line; echo hello", "the driver wrote a line that is not a JSON object: hello", ""),
        ("sleep 30", "the driver did not answer `hello` within 1 s", ""),
        (
            #"read line; echo '{"id":1,"ok":true,"protocol":3,"name":"future"}'; read line"#,
            "speaks protocol 3, this runner speaks 1 and 2", ""
        ),
    ])
    func aBrokenDriverStopsTheRunWithTheReason(_ command: String, _ reason: String, _ lastWords: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Scenarios/driver.yaml", Self.scenarios)
        let served = try Served(in: folder)
        let started = Date()
        let run = ToolRun(["run", file, "--target", served.base, "--timeout", "1", "--driver", command])
        #expect(run.code == 2, "\(run.both)")
        #expect(run.errors.contains(reason), "\(run.both)")
        if !lastWords.isEmpty { #expect(run.errors.contains(lastWords), "\(run.both)") }
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func aDriverNeedsALiveTarget() {
        let run = ToolRun(["run", "--driver", "cat"])
        #expect(run.code == 2)
        #expect(run.errors.contains("--driver needs a live --target"), "\(run.both)")
    }
}
