import StorageSDK

/// Every command of the tool, declared once: `--help`, the overview, the usage errors and the README's
/// command block all come from here. Adding a command is a spec here, its `ToolCommand` type and an entry
/// in `CommandLineTool.commands`.
enum CommandTable {
    static let run = CommandSpec(
        name: "run", operands: "[PATHS…]",
        summary: "Run scenarios (the default; PATHS default to Scenarios/) and write a JUnit report.",
        description: "Runs the scenarios in PATHS (files or folders; default: Scenarios) and writes a JUnit report.",
        options: [
            .value(
                "--target", "TARGET",
                "reference (the default: the bundled in-process implementation), the\nbase URL of a live v0 endpoint, e.g. http://127.0.0.1:9199, or gcs+ and the\nbase URL of a GCS JSON API server, e.g. gcs+http://127.0.0.1:4443, which skips\nscenarios that need what the GCS JSON API lacks:\n"
                    + GCSTarget.lacking.keys.sorted().map(\.rawValue).joined(separator: ", "),
                synopsis: "reference|URL|gcs+URL"),
            .value("--junit", "FILE", "Where to write the JUnit report (default: reports/junit.xml)."),
            .value("--json", "FILE", "Also write a JSON report."),
            .value("--tag", "TAG", "Only scenarios with this tag (repeatable: any of them).", repeatable: true),
            .value(
                "--filter", "TEXT",
                "Only scenarios whose id contains TEXT, or matches it as a glob with * and ?\n(repeatable: any of them).",
                repeatable: true),
            .value("--shard", "K/N", "Only shard K of N: a stable split of the ids for CI matrices."),
            .value(
                "--expectations", "FILE",
                "A manifest of known failures: listed failures are reported as skipped;\na listed scenario that passes, or an unknown id, fails the run."
            ),
            .value("--jobs", "N", "Run N scenarios at a time (default 1). Results do not depend on N."),
            .value(
                "--timeout", "SECONDS", "The longest one step may take (default 60; fractions such as 0.5 allowed)."),
            .value(
                "--root", "DIR",
                "The scenario root that ids are relative to (default: the nearest folder\nnamed Scenarios, else the folder given)."
            ),
            .value(
                "--write-expectations", "FILE",
                "After the run, write the manifest this run calls for: every failure with\nits message (and the reasons of expected failures that still fail)."
            ),
            .flag(
                "--keep-going",
                "Run every scenario even after the target timed out in 3 scenarios in a row\n(by default the run stops then, and the rest are reported as not run)."
            ),
            .flag(
                "--fail-fast",
                "Stop at the first scenario that fails or errors; the rest are reported as skipped (not run)."),
            .value(
                "--rerun-failed", "RESULTS.json",
                "Run only the scenarios that failed or errored in that JSON report (run --json);\nnone: nothing is run and the exit code is 0."
            ),
            .flag("--quiet", "Print only failures, errors and the summary, not a line per scenario."),
            .value(
                "--annotations", "github|none",
                "Print failures as GitHub Actions annotations (::error file=…,line=…::).\nDefault: github when GITHUB_ACTIONS=true, else none."
            ),
            .flag(
                "--junit-locations",
                "Add file and line attributes to every JUnit testcase, for reporters that\nread them (they are in neither JUnit schema, so strict validators refuse them)."
            ),
            .value(
                "--admin-token", "TOKEN",
                "The admin token of a serve started with --admin-token (sent on its /internal routes)."),
            .value(
                "--driver", "COMMAND",
                "Drive another client through the driver protocol (docs/driver-protocol.md): COMMAND\nis started with /bin/sh for each scenario; needs a live --target."
            ),
        ],
        footer: """
            Colour is used on a terminal unless NO_COLOR is set. SIGINT or SIGTERM stops the run, writes the reports
            (scenarios not finished are marked as not run) and exits with 130 or 143.
            Exit codes: 0 everything passed (expected failures included), 1 a scenario failed, 2 the run could
            not start (bad options, invalid files, nothing selected, a target that cannot be used).
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
        options: [.value("--root", "DIR", "The scenario root that ids are relative to.")],
        footer: "Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 bad usage.")

    static let list = CommandSpec(
        name: "list", operands: "[PATHS…]",
        summary: "Print the ids and tags of scenarios.",
        description: "Prints the id and tags of every selected scenario, one per line.",
        options: [
            .value("--tag", "TAG", "Only scenarios with this tag (repeatable).", repeatable: true),
            .value(
                "--filter", "TEXT", "Only ids that contain TEXT or match it as a glob (repeatable).", repeatable: true),
            .value("--shard", "K/N", "Only shard K of N."),
            .value("--root", "DIR", "The scenario root that ids are relative to."),
        ],
        footer: "Exit codes: 0 scenarios listed, 2 nothing selected or bad usage.")

    static let report = CommandSpec(
        name: "report", operands: "[LABEL=]RESULTS.json…",
        summary: "Merge JSON results into a compatibility matrix (Markdown, HTML) or one report.",
        description: """
            Reads JSON reports (run --json) and writes a compatibility matrix: one column per LABEL (default: the
            report's target), one row per scenario grouped by file, with totals and every reason. Reports that
            share a label are shards of one run and are merged first. Without --markdown or --html, the
            Markdown is printed.
            """,
        options: [
            .value("--markdown", "FILE", "Write the matrix as Markdown (for a job summary or a README)."),
            .value("--html", "FILE", "Write the matrix as one self-contained HTML page."),
            .value(
                "--summary", "FILE",
                "Write only the totals and the reasons, counted per column, as Markdown (for a README)."),
            .value(
                "--min-executed", "N", "Exit 1 when a column ran fewer than N scenarios (skipped ones do not count)."),
            .value(
                "--merged", "FILE",
                "Write the merged JSON report (every input must be a shard of one run: one label)."),
        ],
        footer: """
            Exit codes: 0 written, 1 a column has failed or errored scenarios (or too few executed), 2 unreadable
            input or bad usage.
            """)

    static let driver = CommandSpec(
        name: "driver", operands: "",
        summary: "Be a driver: the project's own client behind the driver protocol.",
        description: """
            Reads driver-protocol requests (JSON lines) on standard input and answers on standard output with the
            project's own client, the reference driver of docs/driver-protocol.md. `run --target URL --driver
            'storage-conformance driver'` runs the suite through it.
            """,
        options: [])

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
            the emulator's POST /internal/reset and PUT /internal/setRules, and PUT /internal/buckets/BUCKET/rules.
            Without rules everything is allowed. Stops cleanly on SIGINT or SIGTERM.
            """,
        options: [
            .value("--host", "HOST", "The address to bind (default 127.0.0.1: loopback only).", synopsis: "127.0.0.1"),
            .value("--port", "PORT", "The port (default 9199; 0 picks a free one and prints it).", synopsis: "9199"),
            .value(
                "--max-body", "SIZE",
                "The largest request body (default 512MiB, or 5TiB with --data-dir; units such as\n1MiB allowed). Media uploads and resumable chunks stream into the store; other\nbodies (multipart, JSON) are held in memory, up to 512MiB."
            ),
            .value(
                "--data-dir", "DIR",
                "Keep objects and open uploads in DIR (created when missing) instead of memory:\nbytes stream to disk, every finished upload is durable before it is answered,\nand a restart serves what DIR holds (docs/data-directory.md)."
            ),
            .value(
                "--allow-host", "NAME",
                "Also accept this Host name on /internal routes and in upload URLs (repeatable;\nloopback names and --host are always accepted).",
                repeatable: true),
            .value("--admin-token", "TOKEN", "Require Authorization: Bearer TOKEN on the /internal routes."),
            .value("--max-sessions", "N", "The most upload sessions open at once (default 10000); more → 429."),
            .value(
                "--session-idle", "SECONDS",
                "Forget an open upload session after this long without a request (default 3600,\nor 604800, a week, as on GCS, with --data-dir)."
            ),
            .value(
                "--import", "DIR",
                "Start with the objects of a Firebase emulator export (the folder of\n`firebase emulators:export`, or its storage_export); a bad folder is refused whole."
            ),
            .value(
                "--export-on-exit", "DIR",
                "On SIGINT or SIGTERM, write every object to DIR in the emulator's export layout\n(`firebase emulators:start --import DIR` reads it)."
            ),
            .value(
                "--rules", "FILE",
                "Decide every bucket with this Firebase Security Rules file (storage.rules), and\nload it again when it changes; a file that does not load stops serve (exit 2)\nbefore it listens, an edit that does not load keeps the rules before it."
            ),
            .flag("--verbose", "Log one line per request."),
        ])

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
        text += "  help     Show help for a command: storage-conformance help run\n"
        text += "  version  Print the version (also --version).\n"
        text += "\nOPTIONS:\n  -h, --help   Show this help.\n  --version    Show the version.\n"
        text += "\nExit codes: 0 everything passed, 1 a scenario failed, 2 the run could not start.\n"
        return text
    }
}
