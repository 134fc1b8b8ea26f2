import StorageSDK

/// Every command of the tool, declared once: `--help`, the overview, the usage errors and the synopsis in
/// docs/command-line.md all come from here. Adding a command is a spec here, its `ToolCommand` type and an entry
/// in `CommandLineTool.commands`.
enum CommandTable {
    static let run = CommandSpec(
        name: "run", operands: "[PATHS…]",
        summary: "Run scenarios (the default; PATHS default to Scenarios/) and write a JUnit report.",
        description: "Runs the scenarios in PATHS (files or folders; default: Scenarios) and writes a JUnit report.",
        options: RunOptions.all,
        footer: """
            Colour is used on a terminal unless NO_COLOR is set. SIGINT or SIGTERM stops the run at any moment (the
            target check included), writes every report (scenarios not finished are marked as not run) and exits
            with 130 or 143.
            Exit codes: 0 everything passed (expected failures included), 1 a scenario failed, errored, passed
            while listed, or failed differently from its pin, 2 the run could not start (bad options, invalid
            files, nothing selected, a target that cannot be used), 130 SIGINT, 143 SIGTERM.
            """,
        isDefault: true)

    static let lint = CommandSpec(
        name: "lint", operands: "[PATHS…]",
        summary: "Check scenario files without running them.",
        description: """
            Checks scenario files (default: Scenarios) without running them: YAML syntax, the scenario language,
            names, sizes, event patterns and ids, and the security rules they give. A path ending in .rules is a
            Firebase Security Rules file, checked on its own. Problems are printed as FILE:LINE:COLUMN: message
            with the line and a caret.
            """,
        options: [SelectionOptions.root.spec],
        footer: """
            A warning a scenario declares as intended (lint: { CODE: why }) is counted, not printed.
            Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 bad usage.
            """)

    static let list = CommandSpec(
        name: "list", operands: "[PATHS…]",
        summary: "Print the ids and tags of scenarios.",
        description: "Prints the id and tags of every selected scenario, one per line.",
        options: [
            SelectionOptions.tag.spec, SelectionOptions.filter.spec, SelectionOptions.shard.spec,
            SelectionOptions.root.spec,
        ],
        footer: "Exit codes: 0 scenarios listed, 2 nothing selected or bad usage.")

    static let report = CommandSpec(
        name: "report", operands: "[LABEL=]RESULTS.json…",
        summary: "Merge JSON results into a compatibility matrix (Markdown, HTML) or one report.",
        description: """
            Reads JSON reports (run --json) and writes a compatibility matrix: one column per LABEL (default: the
            report's target), one row per scenario grouped by file, with totals and every reason. Reports that
            share a label are the shards of one run (run --shard K/N) and are merged first: every shard must be
            there, once. Two runs of one target that are not shards need a label each (old=a.json new=b.json).
            Without --markdown, --html, --summary or --merged, the Markdown is printed.
            """,
        options: ReportOptions.all,
        footer: """
            Exit codes: 0 written, 1 a column has failed or errored scenarios (or too few executed), 2 unreadable
            input, a shard missing or given twice, or bad usage.
            """)

    static let driver = CommandSpec(
        name: "driver", operands: "",
        summary: "Be a driver: the project's own client behind the driver protocol.",
        description: """
            Reads driver-protocol requests (JSON lines) on standard input and answers on standard output with the
            project's own client, the reference driver of docs/driver-protocol.md. `run --target URL --driver
            'storage-conformance driver'` runs the suite through it.
            """,
        options: DriverOptions.all)

    static let schema = CommandSpec(
        name: "schema", operands: "",
        summary: "Print the JSON Schema of a scenario, for editors.",
        description: """
            Prints the JSON Schema (draft-07) of one scenario document, written from the tables the scenario
            reader checks files against. Point an editor's YAML language server at it for completion and
            errors while typing scenarios (see docs/scenario-language.md, section 10).
            """,
        options: [])

    static let serve = CommandSpec(
        name: "serve", operands: "",
        summary: "Serve the reference implementation over the Firebase Storage v0 and GCS JSON APIs.",
        description: """
            Serves the bundled reference implementation over HTTP/1.1, speaking the Firebase Storage v0 REST
            protocol (the routes of the Firebase emulator) and the GCS JSON API on the same port and store, plus
            administration routes under /internal and storage-testbench's /retry_test (below). Stops cleanly on
            SIGINT or SIGTERM.
            """,
        options: ServeOptions.all,
        footer: """
            Routes and who may use them:
              /v0/b/BUCKET/o…   Firebase Storage v0 (the emulator's routes): Firebase security rules decide, with the
                                caller from Authorization: Firebase ID_TOKEN (unsigned tokens are accepted, as the
                                emulator does; none: signed out). Without rules everything is allowed.
              /storage/v1/…, /upload/storage/v1/…, /download/storage/v1/…
                                the GCS JSON API: OAuth is not checked (as in other emulators); a bucket without
                                Firebase rules allows everything, one with rules judges a signed-out caller.
              /internal/…       administration: POST /internal/reset, PUT /internal/setRules (the emulator's:
                                rules source; a file's resource scopes it to one bucket),
                                PUT|GET /internal/buckets/BUCKET/rules, PUT|GET|DELETE /internal/buckets/BUCKET/faults,
                                PUT /internal/buckets/BUCKET/objects/NAME (fixtures), GET /internal/info. Only
                                loopback Host names, --host and --allow-host names; no browser (Origin refused);
                                with --admin-token, Authorization: Bearer TOKEN too.
              /retry_test       storage-testbench's retry-test API (POST /retry_test, then x-retry-test-id on
                                requests): faults for client tests, under the same guard as /internal.
            Exit codes: 0 stopped by SIGINT or SIGTERM, 1 the export on exit failed, 2 bad usage, an unusable
            data directory or import, or an address that cannot be bound.
            """)

    /// What `storage-conformance --help` prints.
    static var overview: String {
        var text = "storage-conformance — the conformance harness for Cloud Storage for Firebase\n\nUSAGE:\n"
        text +=
            CommandLineTool.commands.map { $0.spec.synopsis }.joined(separator: "\n").split(separator: "\n").map {
                "  " + $0
            }
            .joined(separator: "\n") + "\n\nCOMMANDS:\n"
        for command in CommandLineTool.commands.map({ $0.spec }) {
            text += "  " + command.name.padding(toLength: 8, withPad: " ", startingAt: 0) + " " + command.summary + "\n"
        }
        text += "  help     Show help for a command: storage-conformance help run (help --help: this page)\n"
        text += "  version  Print the version (also --version).\n"
        text += "\nOPTIONS:\n  -h, --help   Show this help.\n  --version    Show the version.\n"
        text +=
            "\nExit codes: 0 everything passed, 1 a scenario failed, 2 the run could not start (bad usage),\n"
            + "130 interrupted by SIGINT, 143 by SIGTERM (the reports are still written).\n"
        return text
    }
}
