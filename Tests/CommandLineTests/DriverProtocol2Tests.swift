import Foundation
import Harness
import Testing

/// Protocol 2 (docs/driver-protocol.md): capabilities per kind of transfer, an SDK's own wording of errors,
/// refusal at the call, `ref` from one string, and faults carried out by `serve` for a driver that cannot.
@Suite("driver protocol 2") struct DriverProtocol2Tests {
    /// A driver whose SDK has upload tasks with observers but Promise-like downloads, words errors its own way,
    /// makes references from one string and refuses an upload to the root at the call.
    static let fakeDriver = #"""
        import json, sys
        references, pending, sequence = {}, [], 0
        def out(message):
            sys.stdout.write(json.dumps(message) + "\n")
            sys.stdout.flush()
        for line in sys.stdin:
            message = json.loads(line)
            if "ack" in message:
                continue
            op, number = message.get("op"), message.get("id")
            if op == "end":
                break
            if op == "hello":
                out({"id": number, "ok": True, "protocol": 2, "name": "fake2", "version": "1", "capabilities": {
                    "upload": ["events", "observers"], "download": [], "operations": ["getMetadata"],
                    "errors": "own", "references": "oneString", "faults": False, "lockStep": "request"}})
            elif op == "ref":
                if "string" not in message:
                    out({"id": number, "ok": False, "error": {"code": "unknown", "message": "no string"}})
                    continue
                path = message["string"]
                key = "r%d" % (len(references) + 1)
                references[key] = path
                out({"id": number, "ok": True, "ref": {"id": key, "bucket": "b", "fullPath": path,
                    "name": path.split("/")[-1], "description": "gs://b/" + path}})
            elif op == "put" and references[message["ref"]] == "":
                out({"id": number, "ok": False, "error": {"code": "invalidArgument", "message": "no root uploads"}})
            elif op == "getMetadata":
                out({"id": number, "ok": False,
                     "error": {"code": "objectNotFound", "message": "the fake's own words", "status": 404}})
            else:
                out({"id": number, "ok": True})
        """#

    static let scenarios = """
        scenario: a missing object fails with the right code in the SDK's own words
        steps:
          - getMetadata: missing.txt
            expect: { error: { code: objectNotFound, message: "does not exist" } }
        ---
        scenario: a paused download needs download tasks
        steps:
          - getData: a.txt
            maxSize: 1KiB
            as: down
          - pause: down
          - await: down
        ---
        scenario: an upload to the root is refused
        steps:
          - put: ""
            data: { text: "nowhere to go" }
            expect: { error: invalidArgument }
        ---
        scenario: observers of an upload refused at the call have no task to observe
        steps:
          - put: ""
            data: { text: "nowhere to go" }
            as: up
          - observe: { task: up, status: failure, as: failed }
          - await: up
            expect: { error: invalidArgument, observer: { failed: "failure(invalidArgument)" } }
        """

    @Test func aProtocol2DriverIsHeldToWhatItsSDKHas() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Scenarios/driver.yaml", Self.scenarios)
        let driver = try folder.write("fake2.py", Self.fakeDriver)
        let served = try DriverProtocolTests.Served(in: folder)
        let run = ToolRun([
            "run", file, "--target", served.base, "--driver", "python3 '\(driver)'", "--json", folder.path("run.json"),
        ])
        #expect(run.output.contains("2 passed, 1 failed, 0 errored, 0 expected failures, 1 skipped"), "\(run.both)")
        #expect(run.output.contains("the driver fake2 lacks download events, download pauseResume"), "\(run.both)")
        #expect(run.output.contains("RefusedAtCall"), "\(run.both)")
        #expect(run.output.contains("there is no task to observe"), "\(run.both)")
        let report = try String(contentsOfFile: folder.path("run.json"), encoding: .utf8)
        #expect(report.contains("the SDK refused `put` at the call (no task)"), "the transcript says so")
    }

    static let faultScenarios = """
        scenario: a 503 on the first chunk is retried and a later fault step fails the getMetadata
        given:
          faults:
            - { request: uploadStart, nth: 1, status: 503 }
          retry: { upload: 2, operation: 0 }
        steps:
          - put: a.txt
            data: hello
            expect: { metadata: { size: 5 } }
          - fault:
              - { request: metadata, nth: 1, status: 500 }
          - getMetadata: a.txt
            expect: { error: unknown }
          - getMetadata: a.txt
            expect: { metadata: { size: 5 } }
        """

    /// The project's own driver with `--faults server` says it cannot inject faults: the runner arms them on
    /// serve for the scenario's bucket, given and mid-scenario, and the scenario passes as in process.
    @Test func faultsADriverCannotInjectAreArmedOnServe() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Scenarios/faults.yaml", Self.faultScenarios)
        let served = try DriverProtocolTests.Served(in: folder)
        let binary = try #require(SpawnedTool.binary)
        let run = ToolRun([
            "run", file, "--target", served.base, "--driver", "'\(binary.path)' driver --faults server",
            "--json", folder.path("run.json"),
        ])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.contains("1 passed, 0 failed, 0 errored, 0 expected failures, 0 skipped"), "\(run.both)")
        let report = try String(contentsOfFile: folder.path("run.json"), encoding: .utf8)
        #expect(report.contains("1 fault(s) armed on the target"), "\(report)")
    }
}
