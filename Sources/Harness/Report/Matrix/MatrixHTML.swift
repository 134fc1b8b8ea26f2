/// The compatibility matrix as one self-contained HTML page for triage (inline style, no scripts, nothing
/// fetched): a table of contents, a legend, the totals, then the differences (rows where a column failed,
/// errored or expected a failure, or where the columns that ran a scenario disagree), every reason once per
/// column with its count, and last every scenario by file, folded.
///
/// A cell shows its status as a word on a colour (`PASS`, `FAIL`, `ERROR`, `XFAIL`, `SKIP`), readable
/// without emoji fonts and in print; the word links to the scenario's file at the failing step's line (else
/// the scenario's), a reference links to the cell's reason in the column's list, and a failure's detail and
/// transcript open in a `<details>`.
public enum MatrixHTML {
    /// `link(path, line)` is the address of a scenario file at a line (see `report --source-link`).
    public static func render(
        _ matrix: CompatibilityMatrix, link: @escaping (String, Int) -> String = { path, line in "\(path)#L\(line)" }
    ) -> String {
        let page = Page(matrix: matrix, link: link)
        return page.render()
    }

    private struct Page {
        let matrix: CompatibilityMatrix
        let link: (String, Int) -> String
        /// Per column, its reasons numbered in order of frequency: the number of each reason.
        let reasonNumbers: [[String: Int]]
        let reasonLists: [[(status: CompatibilityMatrix.Cell.Status, reason: String, count: Int)]]
        let differences: [CompatibilityMatrix.Row]

        init(matrix: CompatibilityMatrix, link: @escaping (String, Int) -> String) {
            self.matrix = matrix
            self.link = link
            var numbers: [[String: Int]] = []
            var lists: [[(status: CompatibilityMatrix.Cell.Status, reason: String, count: Int)]] = []
            for column in matrix.columns {
                var list: [(status: CompatibilityMatrix.Cell.Status, reason: String, count: Int)] = []
                for status in [CompatibilityMatrix.Cell.Status.failed, .errored, .expectedFailure, .skipped] {
                    let reasons = matrix.reasons(column) { cell in
                        cell.status == status ? [Self.key(cell)] : []
                    }
                    list += reasons.map { (status, $0.reason, $0.count) }
                }
                lists.append(list)
                numbers.append(
                    Dictionary(
                        list.enumerated().map { ("\($1.status)|\($1.reason)", $0 + 1) },
                        uniquingKeysWith: { first, _ in first }))
            }
            reasonNumbers = numbers
            reasonLists = lists
            differences = matrix.rows.filter(matrix.isDifference)
        }

        /// What a cell's reason is counted by: a failure's message names its step and values, so failures are
        /// grouped by where and how they failed (their pin) when known.
        static func key(_ cell: CompatibilityMatrix.Cell) -> String {
            switch cell.status {
            case .failed, .errored: cell.pin.map { "\($0) — \(cell.note ?? "")" } ?? cell.note ?? ""
            default: cell.note ?? ""
            }
        }

        func render() -> String {
            var html = Self.head
            html += "<h1>Compatibility matrix</h1>\n"
            html +=
                "<p class=\"lead\">\(Plural.count(matrix.rows.count, "scenario")) in \(Plural.count(matrix.columns.count, "column")): "
                + "\(Plural.count(differences.count, "row")) where a column failed, errored or expected a failure, "
                + "or where the columns that ran the scenario disagree.</p>\n"
            html += contents()
            html += legend()
            html += totals()
            html += "<section id=\"differences\"><h2>Differences</h2>\n"
            if differences.isEmpty {
                html += "<p>None: every column passed (or skipped) every scenario.</p>\n"
            } else {
                html += "<p>Each status links to the scenario's file at the line it failed on; the number after it is "
                html += "the cell's reason in <a href=\"#reasons\">the column's list</a>.</p>\n"
                html += table(differences, withFile: true, anchors: true)
            }
            html += "</section>\n"
            html += reasons()
            html += "<section id=\"files\"><h2>Every scenario, by file</h2>\n"
            for group in matrix.groups {
                let count = group.rows.count(where: matrix.isDifference)
                html +=
                    "<details id=\"\(Self.anchor("file", group.file))\"><summary><strong>\(Self.escape(group.file))</strong> — "
                html +=
                    "\(Plural.count(group.rows.count, "scenario")), \(Plural.count(count, "difference"))</summary>\n"
                html += table(group.rows, withFile: false, anchors: false)
                html += "</details>\n"
            }
            html += "</section>\n"
            return html + "</body></html>\n"
        }

        private func contents() -> String {
            var html = "<nav id=\"contents\"><h2>Contents</h2><ol>\n"
            html += "<li><a href=\"#legend\">Legend</a></li>\n<li><a href=\"#totals\">Totals</a></li>\n"
            html += "<li><a href=\"#differences\">Differences</a> (\(differences.count))</li>\n"
            html += "<li><a href=\"#reasons\">Reasons, counted per column</a><ol>\n"
            for (index, column) in matrix.columns.enumerated() {
                html += "<li><a href=\"#reasons-\(index + 1)\">\(Self.escape(column.label))</a></li>\n"
            }
            html += "</ol></li>\n<li><a href=\"#files\">Every scenario, by file</a><ol class=\"files\">\n"
            for group in matrix.groups {
                let count = group.rows.count(where: matrix.isDifference)
                html += "<li><a href=\"#\(Self.anchor("file", group.file))\">\(Self.escape(group.file))</a>"
                html += count > 0 ? " (\(count))</li>\n" : "</li>\n"
            }
            return html + "</ol></li>\n</ol></nav>\n"
        }

        private func legend() -> String {
            var html = "<section id=\"legend\"><h2>Legend</h2><ul class=\"legend\">\n"
            for status in CompatibilityMatrix.Cell.Status.allCases {
                html += "<li>\(Self.badge(status)) \(Self.escape(MatrixSymbols.meaning(status)))</li>\n"
            }
            return html + "</ul></section>\n"
        }

        private func totals() -> String {
            var html = "<section id=\"totals\"><h2>Totals</h2>\n<table><thead><tr><th></th>"
            html += matrix.columns.map { "<th>\(Self.escape($0.label))</th>" }.joined() + "</tr></thead><tbody>\n"
            let totals = matrix.columns.map(matrix.totals)
            for (name, value) in CompatibilityMatrix.totalLines {
                html += "<tr><th class=\"name\">\(name)</th>"
                html += totals.map { "<td class=\"number\">\($0[keyPath: value])</td>" }.joined() + "</tr>\n"
            }
            return html + "</tbody></table></section>\n"
        }

        private func reasons() -> String {
            var html = "<section id=\"reasons\"><h2>Reasons, counted per column</h2>\n"
            for (index, column) in matrix.columns.enumerated() {
                html += "<h3 id=\"reasons-\(index + 1)\">\(Self.escape(column.label))</h3>\n"
                let list = reasonLists[index]
                guard !list.isEmpty else {
                    html += "<p>Every scenario passed.</p>\n"
                    continue
                }
                html += "<ol class=\"reasons\">\n"
                for (number, entry) in list.enumerated() {
                    html += "<li id=\"r\(index + 1)-\(number + 1)\">\(Self.badge(entry.status)) "
                    html += "<span class=\"count\">\(entry.count) ×</span> \(Self.escape(entry.reason))</li>\n"
                }
                html += "</ol>\n"
            }
            return html + "</section>\n"
        }

        private func table(_ rows: [CompatibilityMatrix.Row], withFile: Bool, anchors: Bool) -> String {
            var html = "<table><thead><tr><th>Scenario</th>"
            html += matrix.columns.map { "<th>\(Self.escape($0.label))</th>" }.joined() + "</tr></thead><tbody>\n"
            for row in rows {
                let id = anchors ? " id=\"\(Self.anchor("row", row.id))\"" : ""
                html += "<tr\(id)><td class=\"name\"><a href=\"\(Self.escape(link(row.path, row.line)))\">"
                html += "\(Self.escape(row.name))</a>"
                if withFile { html += "<br><small>\(Self.escape(row.file))</small>" }
                html += "</td>"
                for (index, column) in matrix.columns.enumerated() {
                    html += cell(matrix.cell(row, column), row: row, column: index)
                }
                html += "</tr>\n"
            }
            return html + "</tbody></table>\n"
        }

        private func cell(_ cell: CompatibilityMatrix.Cell, row: CompatibilityMatrix.Row, column: Int) -> String {
            let className = MatrixSymbols.className(cell.status)
            guard cell.status != .absent else {
                return "<td class=\"\(className)\"><span class=\"status\">\(MatrixSymbols.word(.absent))</span></td>"
            }
            let line = cell.failureLine ?? row.line
            var html = "<td class=\"\(className)\"><a class=\"status\" href=\"\(Self.escape(link(row.path, line)))\""
            html += " title=\"\(Self.escape("\(row.path):\(line)"))\">\(MatrixSymbols.word(cell.status))</a>"
            if cell.status != .passed, let number = reasonNumbers[column]["\(cell.status)|\(Self.key(cell))"] {
                html +=
                    " <a class=\"ref\" href=\"#r\(column + 1)-\(number)\" title=\"\(Self.escape(cell.note ?? ""))\">"
                html += "\(column + 1).\(number)</a>"
            }
            if let detail = cell.detail {
                html +=
                    "<details><summary>transcript</summary><pre>\(XMLText.content(XMLText.legal(detail)))</pre></details>"
            }
            return html + "</td>"
        }

        static func badge(_ status: CompatibilityMatrix.Cell.Status) -> String {
            "<span class=\"badge \(MatrixSymbols.className(status))\">\(MatrixSymbols.word(status))</span>"
        }

        /// An id for an anchor: `prefix-` and the text with every run of other characters turned into `-`.
        static func anchor(_ prefix: String, _ text: String) -> String {
            var slug = ""
            var dash = false
            for scalar in text.lowercased().unicodeScalars {
                if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                    if dash, !slug.isEmpty { slug += "-" }
                    dash = false
                    slug.unicodeScalars.append(scalar)
                } else {
                    dash = true
                }
            }
            return prefix + "-" + slug
        }

        static func escape(_ text: String) -> String {
            XMLText.attribute(XMLText.legal(text))
        }

        static let head = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Compatibility matrix</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <style>
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:2em;color:#1f2328;
              line-height:1.4;-webkit-print-color-adjust:exact;print-color-adjust:exact}
            h2{margin-top:1.6em;border-bottom:1px solid #d0d7de;padding-bottom:.2em}
            table{border-collapse:collapse;margin:.5em 0 1.5em}
            th,td{border:1px solid #d0d7de;padding:.25em .5em;text-align:center;vertical-align:top}
            thead th{background:#f6f8fa;position:sticky;top:0}
            td.name,th.name{text-align:left;max-width:34em}
            td.number{text-align:right;font-variant-numeric:tabular-nums}
            a{color:#0969da}
            .status,.badge{font:600 .8em/1.6 ui-monospace,"DejaVu Sans Mono",monospace;letter-spacing:.03em;
              text-decoration:none;color:inherit}
            .badge{display:inline-block;min-width:3.6em;text-align:center;border:1px solid;border-radius:3px;padding:0 .3em}
            .pass{background:#dafbe1;color:#116329}.fail{background:#ffd8d3;color:#82071e}
            .error{background:#ffc1ba;color:#6e0b0b;outline:2px solid #cf222e;outline-offset:-2px}
            .expected{background:#fff1c2;color:#6f4e00}.skip{background:#eef1f4;color:#424a53}
            .absent{color:#8c959f}
            td.fail .status,td.error .status{text-decoration:underline}
            .ref{font-size:.75em;color:#57606a}
            details{text-align:left}
            details>summary{cursor:pointer;font-size:.75em;color:#57606a}
            section>details>summary{font-size:1em;color:inherit;padding:.2em 0}
            pre{white-space:pre-wrap;max-width:60em;max-height:30em;overflow:auto;font-size:.8em;background:#fff;
              color:#1f2328;border:1px solid #d0d7de;padding:.5em;text-align:left}
            ul.legend{list-style:none;padding:0}ul.legend li{margin:.2em 0}
            ol.files{columns:2}
            .count{font-variant-numeric:tabular-nums;font-weight:600}
            .lead{max-width:60em}
            @media print{body{margin:0;font-size:10pt}thead th{position:static}a{color:inherit;text-decoration:none}
              details>pre{display:none}nav#contents{display:none}details[id]{display:block}}
            </style></head><body>

            """
    }
}
