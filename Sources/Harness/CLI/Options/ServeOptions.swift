import HTTPCore

/// The options of `serve`, each declared once with its type, default and help.
enum ServeOptions {
    /// The largest object GCS stores (5 TiB): the largest body `--max-body` may allow.
    static let largestObject: Int64 = 5 << 40

    static let host = Option.text(
        "--host", "HOST", "The address to bind (loopback only by default).", synopsis: "127.0.0.1"
    ).defaulting(to: "127.0.0.1")
    static let port = Option.integer(
        "--port", "PORT", "The port; 0 picks a free one and prints it.", in: 0...65_535, synopsis: "9199"
    ).defaulting(to: 9199)
    static let dataDirectory = Option.text(
        "--data-dir", "DIR",
        "Keep objects and open uploads in DIR (created when missing) instead of memory: bytes stream to disk, every "
            + "finished upload is durable before it is answered, and a restart serves what DIR holds "
            + "(docs/data-directory.md). Open uploads found there are checked again before serve listens, and it "
            + "says so while it does.")
    static let maxBody = Option.size(
        "--max-body",
        "The largest request body (units such as 1MiB allowed). Media uploads and resumable chunks stream into the "
            + "store; other bodies (multipart, JSON) are held in memory, up to 512MiB.",
        in: 1...largestObject
    ).defaulting(to: Int64(HTTPServerConfiguration().maxBodyBytes), or: largestObject, with: dataDirectory)
    static let allowHost = Option.text(
        "--allow-host", "NAME",
        "Also accept this Host name on /internal routes and in upload URLs (repeatable; loopback names and --host "
            + "are always accepted).",
        repeatable: true)
    static let adminToken = Option.text(
        "--admin-token", "TOKEN",
        "Require Authorization: Bearer TOKEN on the /internal routes, and answer them from any peer that sends it.")
    static let allowRemoteAdmin = Flag(
        "--allow-remote-admin",
        "Answer the /internal routes (reset, rules, faults, retry tests) from peers not on loopback without a token; "
            + "by default only loopback peers may use them unless --admin-token is set.")
    static let maxSessions = Option.integer(
        "--max-sessions", "N", "The most upload sessions open at once; more are refused with 429.", in: 1...10_000_000
    ).defaulting(to: 10_000)
    static let sessionIdle = Option.seconds(
        "--session-idle",
        "Forget an open upload session after this long without a request (a week with --data-dir, as on GCS).",
        in: 0.001...31_536_000
    ).defaulting(to: 3600, or: 604_800, with: dataDirectory)
    static let uploadMemory = Option.size(
        "--upload-memory",
        "The most bytes uploads not yet finished hold in memory (resumable sessions without --data-dir, XML "
            + "multipart parts), together; when full, the upload idle longest (60 s or more) is evicted, else the "
            + "request is refused (503, XML 429 SlowDown).",
        in: 1_048_576...largestObject
    ).defaulting(to: 1 << 30)
    static let importFolder = Option.text(
        "--import", "DIR",
        "Start with the objects of a Firebase emulator export (the folder of `firebase emulators:export`, or its "
            + "storage_export); a bad folder is refused whole.")
    static let exportOnExit = Option.text(
        "--export-on-exit", "DIR",
        "On SIGINT or SIGTERM, write every object to DIR in the emulator's export layout (`firebase "
            + "emulators:start --import DIR` reads it).")
    static let rules = Option.text(
        "--rules", "FILE",
        "Decide every bucket with this Firebase Security Rules file (storage.rules), and load it again when it "
            + "changes; a file that does not load stops serve (exit 2) before it listens, an edit that does not "
            + "load keeps the rules before it.")
    static let verbose = Flag("--verbose", "Log one line per request.")

    static var all: [OptionSpec] {
        [
            host.spec, port.spec, maxBody.spec, dataDirectory.spec, allowHost.spec, adminToken.spec,
            allowRemoteAdmin.spec, maxSessions.spec, sessionIdle.spec, uploadMemory.spec, importFolder.spec,
            exportOnExit.spec, rules.spec,
            verbose.spec,
        ]
    }
}
