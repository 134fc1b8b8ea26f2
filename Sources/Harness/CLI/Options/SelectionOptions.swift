import Reports
import Runner

/// The options that choose scenarios, shared by run and list: `--tag`, `--filter`, `--shard`, `--root`.
enum SelectionOptions {
    static let tag = Option.text(
        "--tag", "TAG", "Only scenarios with this tag (repeatable: any of them).", repeatable: true)
    static let filter = Option.text(
        "--filter", "TEXT",
        "Only scenarios whose id contains TEXT, or contains a match of it as a glob with * and ? (repeatable: any of them).",
        repeatable: true)
    static let shard = Option<Shard>(
        "--shard", "K/N", "Only shard K of N: a stable split of the ids for CI matrices.",
        accepts: "K/N with 1 ≤ K ≤ N", show: { $0.description }
    ) { text throws(ArgumentList.Problem) in
        guard let shard = Shard(parsing: text) else {
            throw ArgumentList.Problem(description: "--shard must be K/N with 1 ≤ K ≤ N, not \(text)")
        }
        return shard
    }
    static let root = Option.text(
        "--root", "DIR",
        "The scenario root that ids are relative to (default: the nearest folder named Scenarios, else the folder given)."
    )

    /// The selection the options ask for.
    static func selection(_ options: ArgumentList) -> ScenarioSelection {
        ScenarioSelection(tags: options.all(tag), filters: options.all(filter), shard: options[shard])
    }
}
