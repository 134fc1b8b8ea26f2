/// What `--help` prints for each command.
enum HelpText {
    static let overview = """
        storage-conformance — the conformance harness for Cloud Storage for Firebase

        USAGE: storage-conformance [run] [PATHS…] [options]
               storage-conformance lint [PATHS…]
               storage-conformance list [PATHS…] [--tag T] [--filter F] [--shard K/N]
               storage-conformance serve [--host 127.0.0.1] [--port 9199] [--verbose]

        COMMANDS:
          run      Run scenarios (the default; PATHS default to Scenarios/) and write a JUnit report.
          lint     Check scenario files without running them.
          list     Print the ids and tags of scenarios.
          serve    Serve the reference implementation over the Firebase Storage v0 protocol.
          help     Show help for a command: storage-conformance help run

        OPTIONS:
          -h, --help   Show this help.
          --version    Show the version.

        Exit codes: 0 everything passed, 1 a scenario failed, 2 the run could not start.
        """

    static let run = """
        USAGE: storage-conformance run [PATHS…] [options]

        Runs the scenarios in PATHS (files or folders; default: Scenarios) and writes a JUnit report.

        OPTIONS:
          --target TARGET        reference (the default: the bundled in-process implementation) or the
                                 base URL of a live v0 endpoint, e.g. http://127.0.0.1:9199
          --junit FILE           Where to write the JUnit report (default: reports/junit.xml).
          --json FILE            Also write a JSON report.
          --tag TAG              Only scenarios with this tag (repeatable: any of them).
          --filter TEXT          Only scenarios whose id contains TEXT, or matches it as a glob with * and ?
                                 (repeatable: any of them).
          --shard K/N            Only shard K of N: a stable split of the ids for CI matrices.
          --expectations FILE    A manifest of known failures: listed failures are reported as skipped;
                                 a listed scenario that passes, or an unknown id, fails the run.
          --write-expectations FILE
                                 After the run, write the manifest this run calls for: every failure with
                                 its message (and the reasons of expected failures that still fail).
          --jobs N               Run N scenarios at a time (default 1). Results do not depend on N.
          --timeout SECONDS      The longest one step may take (default 60).
          --root DIR             The scenario root that ids are relative to (default: the nearest folder
                                 named Scenarios, else the folder given).
          -h, --help             Show this help.

        Colour is used on a terminal unless NO_COLOR is set.
        Exit codes: 0 everything passed (expected failures included), 1 a scenario failed, 2 the run could
        not start.
        """

    static let lint = """
        USAGE: storage-conformance lint [PATHS…] [--root DIR]

        Checks scenario files (default: Scenarios) without running them: YAML syntax, the scenario language,
        names, sizes, event patterns and ids. Problems are printed as FILE:LINE:COLUMN: message with the line
        and a caret. Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 bad usage.
        """

    static let list = """
        USAGE: storage-conformance list [PATHS…] [--tag TAG] [--filter TEXT] [--shard K/N] [--root DIR]

        Prints the id and tags of every selected scenario, one per line.
        """

    static let serve = """
        USAGE: storage-conformance serve [--host HOST] [--port PORT] [--verbose]

        Serves the bundled reference implementation over HTTP/1.1, speaking the Firebase Storage v0 REST
        protocol (the routes of the Firebase emulator), plus POST /internal/reset and
        PUT /internal/buckets/BUCKET/rules. Stops cleanly on SIGINT or SIGTERM.

        OPTIONS:
          --host HOST      The address to bind (default 127.0.0.1: loopback only).
          --port PORT      The port (default 9199; 0 picks a free one and prints it).
          --max-body SIZE  The largest request body in bytes (default 536870912).
          --verbose        Log one line per request.
        """
}
