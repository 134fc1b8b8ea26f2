import Foundation

/// A protocol 2 driver in Python for the tests of the lent clock and of reuse. It answers `getMetadata` with
/// objectNotFound (so a scenario needs no object on the target), and logs what it saw to a file, one line per
/// fact, each starting with its process id: `start`, `hello`, `begin CLOCK` (the `begin.clock` it got), `reply
/// LINE` (the runner's line after its sleep) and `exit`.
struct FakeDriver {
    /// The script: `fake.py LOG CAPABILITIES SLEEP DEATH MARKER`. CAPABILITIES (a JSON object) is added to its
    /// capabilities; SLEEP, when not empty, is the line it writes before it answers each `getMetadata`, then it reads
    /// the runner's reply. When no file MARKER exists, DEATH `answer` makes it create that file and exit right after
    /// its first `getMetadata` answer, and `begin` at its second `begin`, unanswered.
    static let script = #"""
        import json, os, sys
        log_path, extra, sleep_line, death, marker = sys.argv[1], json.loads(sys.argv[2]), *sys.argv[3:6]
        begins = 0
        def log(text):
            with open(log_path, "a") as f:
                f.write("%d %s\n" % (os.getpid(), text))
        def out(message):
            sys.stdout.write(json.dumps(message) + "\n")
            sys.stdout.flush()
        def die_at(moment):
            if death == moment and not os.path.exists(marker):
                open(marker, "w").close()
                log("exit")
                os._exit(0)
        log("start")
        for line in sys.stdin:
            message = json.loads(line)
            if "ack" in message:
                continue
            op, number = message.get("op"), message.get("id")
            if op == "end":
                break
            if op == "hello":
                log("hello")
                capabilities = {"upload": [], "download": [], "operations": ["getMetadata"], "errors": "own"}
                capabilities.update(extra)
                out({"id": number, "ok": True, "protocol": 2, "name": "fake", "version": "1",
                     "capabilities": capabilities})
            elif op == "begin":
                begins += 1
                if begins == 2:
                    die_at("begin")
                log("begin " + json.dumps(message.get("clock")))
                out({"id": number, "ok": True})
            elif op == "ref":
                path = message.get("path", "")
                out({"id": number, "ok": True, "ref": {"id": "r", "bucket": "b", "fullPath": path,
                     "name": path.split("/")[-1], "description": "gs://b/" + path}})
            elif op == "getMetadata":
                if sleep_line:
                    sys.stdout.write(sleep_line + "\n")
                    sys.stdout.flush()
                    log("reply " + sys.stdin.readline().strip())
                out({"id": number, "ok": False,
                     "error": {"code": "objectNotFound", "message": "no such object", "status": 404}})
                die_at("answer")
            else:
                out({"id": number, "ok": True})
        """#

    /// One scenario of `count`, each reading the metadata of a missing object.
    static func scenarios(_ count: Int) -> String {
        (1...max(count, 1)).map { number in
            """
            scenario: reads missing metadata \(number)
            steps:
              - getMetadata: missing\(number).txt
                expect: { error: objectNotFound }
            """
        }.joined(separator: "\n---\n")
    }

    let folder: TemporaryFolder
    let script: String

    init(in folder: TemporaryFolder) throws {
        self.folder = folder
        script = try folder.write("fake.py", Self.script)
    }

    /// When the first driver process that runs a scenario exits, unasked.
    enum Death: String {
        case never
        /// Right after it answers the first scenario's `getMetadata`.
        case answer
        /// When the second scenario's `begin` comes, without answering it.
        case begin
    }

    /// The `--driver` command; `capabilities` and `sleep` are JSON text without single quotes.
    func command(capabilities: String = "{}", sleep: String = "", dies: Death = .never) -> String {
        "python3 '\(script)' '\(folder.path("driver.log"))' '\(capabilities)' '\(sleep)' '\(dies.rawValue)' "
            + "'\(folder.path("died"))'"
    }

    /// The log's lines as (process id, fact).
    var log: [(pid: String, fact: String)] {
        (folder.read("driver.log") ?? "").split(separator: "\n").map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The facts that start with `prefix`, by process id in the order they were logged.
    func facts(_ prefix: String) -> [(pid: String, fact: String)] {
        log.filter { $0.fact.hasPrefix(prefix) }
    }
}
