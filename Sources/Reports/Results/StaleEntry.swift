/// An entry of the expectations manifest for a scenario that did not run: no scenario has its id, the selection
/// left it out (`--filter`, `--tag`, `--shard`), or it was skipped. Its pin was not checked, so it may be
/// out of date; `--strict-expectations` fails the run on it.
public struct StaleEntry: Sendable, Equatable {
    public var id: String
    /// The entry's line in the manifest.
    public var line: Int
    /// Why the scenario did not run: `no scenario has this id`, `not selected`, `skipped: REASON`.
    public var why: String

    public init(id: String, line: Int, why: String) {
        self.id = id
        self.line = line
        self.why = why
    }

    /// `stale entry: ID (line L): WHY`, as the console and the summary print it.
    public var description: String { "stale entry: \(id) (line \(line)): \(why)" }
}
