/// The compatibility matrix as GitHub-flavoured Markdown, for a job summary or a README: the totals, then a
/// table per scenario file with one symbol a cell and the reasons as numbered notes under it.
public enum MatrixMarkdown {
    /// The whole matrix: the summary, then a table per scenario file.
    public static func render(_ matrix: CompatibilityMatrix) -> String {
        var text = "# Compatibility matrix\n\n" + summary(matrix)
        text += "\n" + MatrixSymbols.legend + "\n"
        for group in matrix.groups {
            var notes = MatrixNotes()
            text += "\n## \(cellText(group.file))\n\n"
            text += "| Scenario | " + matrix.columns.map { cellText($0.label) }.joined(separator: " | ") + " |\n"
            text += "|---|" + String(repeating: ":-:|", count: matrix.columns.count) + "\n"
            for row in group.rows {
                text += "| \(cellText(row.name)) |"
                for column in matrix.columns {
                    let cell = matrix.cell(row, column)
                    var symbol = MatrixSymbols.symbol(cell)
                    if let note = Self.note(cell) {
                        symbol += " <sup>\(notes.number(column.label + ": " + note))</sup>"
                    }
                    text += " \(symbol) |"
                }
                text += "\n"
            }
            if !notes.texts.isEmpty {
                text +=
                    "\n" + notes.texts.enumerated().map { "\($0 + 1). \(cellText($1))" }.joined(separator: "\n") + "\n"
            }
        }
        return text
    }

    /// The totals of every column, then each column's failures and errors grouped by their triage reason (with
    /// example ids), its expected failures and its skips, counted by reason.
    public static func summary(_ matrix: CompatibilityMatrix) -> String {
        var text = "| | " + matrix.columns.map { cellText($0.label) }.joined(separator: " | ") + " |\n"
        text += "|---|" + String(repeating: "---:|", count: matrix.columns.count) + "\n"
        let totals = matrix.columns.map(matrix.totals)
        for (name, value) in CompatibilityMatrix.totalLines {
            text += "| \(name) | " + totals.map { String($0[keyPath: value]) }.joined(separator: " | ") + " |\n"
        }
        var skipGroups: [(labels: [String], reasons: [(reason: String, count: Int)])] = []
        for column in matrix.columns {
            let failures = matrix.triage(column)
            if !failures.isEmpty {
                text += "\n**\(cellText(column.label))**, failures and errors by reason:\n\n"
                text +=
                    failures.map { group in
                        "- \(group.count) × \(cellText(group.reason)) (e.g. "
                            + group.examples.map { "`\(cellText($0))`" }.joined(separator: ", ") + ")"
                    }.joined(separator: "\n") + "\n"
            }
            let expected = matrix.reasons(column) { $0.status == .expectedFailure ? [$0.note ?? ""] : [] }
            if !expected.isEmpty { text += list("**\(cellText(column.label))**, expected failures", expected) }
            let skipped = matrix.reasons(column) {
                $0.status == .skipped ? ($0.note ?? "").components(separatedBy: "; ") : []
            }
            guard !skipped.isEmpty else { continue }
            if let index = skipGroups.firstIndex(where: { $0.reasons.elementsEqual(skipped, by: ==) }) {
                skipGroups[index].labels.append(column.label)
            } else {
                skipGroups.append(([column.label], skipped))
            }
        }
        for group in skipGroups {
            let labels = group.labels.map { "**\(cellText($0))**" }.joined(separator: ", ")
            text += list("\(labels), skipped (a scenario may have several reasons)", group.reasons)
        }
        return text
    }

    /// A cell's note: its message or reason; an expected failure's also says how it actually failed.
    private static func note(_ cell: CompatibilityMatrix.Cell) -> String? {
        guard cell.status == .expectedFailure, let reason = cell.note, let pin = cell.pin else { return cell.note }
        return "\(reason) (failed at \(pin))"
    }

    private static func list(_ title: String, _ reasons: [(reason: String, count: Int)]) -> String {
        "\n\(title):\n\n" + reasons.map { "- \($0.count) × \(cellText($0.reason))" }.joined(separator: "\n") + "\n"
    }

    /// Text safe in a table cell: no line breaks, no column bars, no HTML.
    private static func cellText(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\n", "\r": out += " "
            default: out.append(character)
            }
        }
        return out
    }
}

/// The notes under one table: each distinct text once, numbered in order of first use.
struct MatrixNotes {
    private(set) var texts: [String] = []
    private var numbers: [String: Int] = [:]

    mutating func number(_ text: String) -> Int {
        if let number = numbers[text] { return number }
        texts.append(text)
        numbers[text] = texts.count
        return texts.count
    }
}

/// The symbol, word and style of each kind of cell, shared by the Markdown and HTML matrices: a symbol for
/// Markdown, and a word that reads without emoji fonts and in print for HTML.
enum MatrixSymbols {
    static func symbol(_ cell: CompatibilityMatrix.Cell) -> String {
        switch cell.status {
        case .passed: "✅"
        case .failed: "❌"
        case .errored: "💥"
        case .expectedFailure: "⚠️"
        case .skipped: "⏭️"
        case .absent: "–"
        }
    }

    /// `PASS`, `FAIL`, `ERROR`, `XFAIL`, `SKIP` or `—`: the console's words.
    static func word(_ status: CompatibilityMatrix.Cell.Status) -> String {
        switch status {
        case .passed: "PASS"
        case .failed: "FAIL"
        case .errored: "ERROR"
        case .expectedFailure: "XFAIL"
        case .skipped: "SKIP"
        case .absent: "—"
        }
    }

    /// What each status means, in the order of the legend.
    static func meaning(_ status: CompatibilityMatrix.Cell.Status) -> String {
        switch status {
        case .passed: "passed"
        case .failed: "failed (a changed failure or an unexpected pass of a listed scenario too)"
        case .errored: "errored: the scenario could not be carried out"
        case .expectedFailure: "expected failure: listed in the manifest, failed as pinned"
        case .skipped: "skipped: the target cannot express it, or the run stopped first"
        case .absent: "not in that run"
        }
    }

    static func className(_ status: CompatibilityMatrix.Cell.Status) -> String {
        switch status {
        case .passed: "pass"
        case .failed: "fail"
        case .errored: "error"
        case .expectedFailure: "expected"
        case .skipped: "skip"
        case .absent: "absent"
        }
    }

    static let legend = "✅ passed · ❌ failed · 💥 errored · ⚠️ expected failure · ⏭️ skipped · – not in that run"
}
