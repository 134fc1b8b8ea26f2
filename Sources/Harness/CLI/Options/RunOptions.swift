import Targets

/// The options of `run`, each declared once with its type, default and help.
enum RunOptions {
    static let target = Option<TargetResolver.Address>(
        "--target", "TARGET",
        "reference (the bundled in-process implementation), the base URL of a live v0 endpoint, e.g. "
            + "http://127.0.0.1:9199, or gcs+ and the base URL of a GCS JSON API server, e.g. gcs+http://127.0.0.1:4443, "
            + "which skips scenarios that need what the GCS JSON API lacks: "
            + GCSTarget.lacking.keys.sorted().map(\.rawValue).joined(separator: ", "),
        synopsis: "reference|URL|gcs+URL", show: { _ in "reference" }, read: TargetResolver.address
    ).defaulting(to: .reference)
    static let junit = Option.text("--junit", "FILE", "Where to write the JUnit report.").defaulting(
        to: "reports/junit.xml")
    static let json = Option.text("--json", "FILE", "Also write a JSON report.")
    static let expectations = Option.text(
        "--expectations", "FILE",
        "A manifest of known failures, each pinned to the failure it expects: a listed scenario that fails as "
            + "pinned is an expected failure; one that fails differently (a changed failure) or passes, or an unknown "
            + "id, fails the run.")
    static let jobs = Option.integer(
        "--jobs", "N", "Run N scenarios at a time. Results do not depend on N.", in: 1...256
    ).defaulting(to: 1)
    static let timeout = Option.seconds(
        "--timeout", "The longest one step may wait for the target (fractions such as 0.5 allowed).",
        in: 0.01...86_400
    ).defaulting(to: 60)
    static let writeExpectations = Option.text(
        "--write-expectations", "FILE",
        "After the run, write the manifest this run calls for: every failure pinned as it happened, with its "
            + "message as the reason (expected failures keep their reasons).")
    static let strictExpectations = Flag(
        "--strict-expectations",
        "With --expectations: also fail the run on a stale entry (a listed scenario that did not run: unknown, not "
            + "selected or skipped) and on an entry whose pin has no fingerprint.")
    static let keepGoing = Flag(
        "--keep-going",
        "Run every scenario even after the target timed out in 3 scenarios in a row (by default the run stops "
            + "then, and the rest are reported as not run).")
    static let failFast = Flag(
        "--fail-fast", "Stop at the first scenario that fails or errors; the rest are reported as skipped (not run).")
    static let rerunFailed = Option.text(
        "--rerun-failed", "RESULTS.json",
        "Run only the scenarios that failed or errored in that JSON report (run --json); none: nothing is run "
            + "and the exit code is 0.")
    static let exclude = Option.text(
        "--exclude", "PATTERN",
        "Leave out the scenarios whose id matches PATTERN, a glob with * and ? over the whole id (repeatable): "
            + "each is reported as skipped, naming the pattern (for known crashers).",
        repeatable: true)
    static let quiet = Flag("--quiet", "Print only failures, errors and the summary, not a line per scenario.")
    static let annotations = Option.choice(
        "--annotations", ["github", "none"],
        "Print failures as GitHub Actions annotations (::error file=…,line=…::). Default: github when "
            + "GITHUB_ACTIONS=true, else none.")
    static let junitLocations = Flag(
        "--junit-locations",
        "Add file and line attributes to every JUnit testcase, for reporters that read them (they are in "
            + "neither JUnit schema, so strict validators refuse them).")
    static let adminToken = Option.text(
        "--admin-token", "TOKEN",
        "The admin token of a serve started with --admin-token (sent on its /internal routes).")
    static let driver = Option.text(
        "--driver", "COMMAND",
        "Drive another client through the driver protocol (docs/driver-protocol.md): COMMAND is started with "
            + "/bin/sh for each scenario; needs a live --target.")

    static let waitForTarget = Option.seconds(
        "--wait-for-target",
        "Before the run, wait up to SECONDS for a live target that is still starting: its check (v0: one object "
            + "list; gcs+: GET /storage/v1/b) is tried again while it cannot be reached.",
        in: 0...3_600)
    static let label = Option.text(
        "--label", "NAME",
        "The target's name in the reports and in --write-expectations (default: the target's URL; a loopback "
            + "URL is recorded in a manifest without its port).")
    static let trace = Flag(
        "--trace",
        "Keep the HTTP exchanges of every scenario's steps, passing ones too, in the JSON report (exchanges) and "
            + "the JUnit system-out (by default only a scenario with a failure keeps them). Live targets only.")

    static var all: [OptionSpec] {
        [
            target.spec, junit.spec, json.spec, SelectionOptions.tag.spec, SelectionOptions.filter.spec,
            SelectionOptions.shard.spec, expectations.spec, jobs.spec, timeout.spec, SelectionOptions.root.spec,
            writeExpectations.spec, strictExpectations.spec, keepGoing.spec, failFast.spec, rerunFailed.spec,
            quiet.spec, annotations.spec,
            junitLocations.spec, adminToken.spec, driver.spec, exclude.spec,
            waitForTarget.spec, label.spec, trace.spec,
        ]
    }
}
