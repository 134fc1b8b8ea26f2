/// The options of `report`, each declared once with its type, default and help.
enum ReportOptions {
    static let markdown = Option.text(
        "--markdown", "FILE", "Write the matrix as Markdown (for a job summary or a README).")
    static let html = Option.text(
        "--html", "FILE",
        "Write the matrix as one self-contained HTML page for triage: the differences first with a filter by column, "
            + "status and text, every reason counted once per column, and each cell linked to its scenario's line "
            + "(the scenario files are embedded, so links open them as text) with the failure's transcript.")
    static let summary = Option.text(
        "--summary", "FILE",
        "Write only the totals and the reasons, counted per column (failures grouped by reason with example ids), "
            + "as Markdown (for a README or a job summary).")
    static let minExecuted = Option.integer(
        "--min-executed", "N", "Exit 1 when a column ran fewer than N scenarios (skipped ones do not count).",
        in: 0...Int.max
    ).defaulting(to: 0)
    static let merged = Option.text(
        "--merged", "FILE", "Write the merged JSON report (every input must be a shard of one run: one label).")
    static let sourceLink = Option.text(
        "--source-link", "PREFIX",
        "Where the HTML matrix links scenario files: PREFIX, then the file's path, then #L and the line (e.g. "
            + "https://github.com/OWNER/REPO/blob/COMMIT/). By default the files are embedded in the page.")

    static var all: [OptionSpec] {
        [markdown.spec, html.spec, summary.spec, minExecuted.spec, merged.spec, sourceLink.spec]
    }
}
