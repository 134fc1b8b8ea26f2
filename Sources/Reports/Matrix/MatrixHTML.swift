import Primitives

/// The compatibility matrix as one self-contained HTML page for triage (inline style and a small inline
/// script, nothing fetched). It opens on the totals and the differences (rows where a column failed, errored or
/// expected a failure, or where the columns that ran a scenario disagree), with a filter by column, status and
/// text; then every reason once per column with its count, every scenario by file (folded), the legend, and
/// the scenario files themselves, so that a link opens the file as text at its line even where a browser would
/// download a `.yaml` file.
///
/// A cell shows its status as a word on a colour (`PASS`, `FAIL`, `ERROR`, `XFAIL`, `SKIP`), readable
/// without emoji fonts and in print; the word links to the scenario's file at the failing step's line (else
/// the scenario's), a reference links to the cell's reason in the column's list, and a failure's detail and
/// transcript open in a `<details>`. Failures are counted by their `TriageReason`.
public enum MatrixHTML {
    /// `link(path, line)` is the address of a scenario file at a line (see `report --source-link`).
    /// `sources` holds the text of scenario files by path: those are embedded, and links to them stay in the page.
    public static func render(
        _ matrix: CompatibilityMatrix, sources: [String: String] = [:],
        link: @escaping (String, Int) -> String = { path, line in "\(path)#L\(line)" }
    ) -> String {
        let embedded = MatrixSourceFiles(sources)
        let page = Page(matrix: matrix) { path, line in embedded.link(path, line) ?? link(path, line) }
        return page.render() + embedded.render() + "</body></html>\n"
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
                        cell.status == status ? [cell.triageReason ?? ""] : []
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

        func render() -> String {
            var html = MatrixHTMLHead.head
            html += "<h1>Compatibility matrix</h1>\n"
            html +=
                "<p class=\"lead\">\(Plural.count(matrix.rows.count, "scenario")) in \(Plural.count(matrix.columns.count, "column")): "
                + "\(Plural.count(differences.count, "row")) where a column failed, errored or expected a failure, "
                + "or where the columns that ran the scenario disagree.</p>\n"
            html += navigation()
            html += totals()
            html += "<section id=\"differences\"><h2>Differences</h2>\n"
            if differences.isEmpty {
                html += "<p>None: every column passed (or skipped) every scenario.</p>\n"
            } else {
                html += filter()
                html += "<p>Each status links to the scenario's file at the line it failed on; the number after it is "
                html += "the cell's reason in <a href=\"#reasons\">the column's list</a>.</p>\n"
                html += table(differences, withFile: true, anchors: true)
            }
            html += "</section>\n"
            html += reasons()
            html += "<section id=\"files\"><h2>Every scenario, by file</h2>\n"
            html += fileList()
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
            return html + legend()
        }

        /// One line of links: the page opens on the differences, not on a table of contents.
        private func navigation() -> String {
            var html = "<nav id=\"contents\"><a href=\"#differences\">Differences</a> (\(differences.count)) · "
            html += "<a href=\"#reasons\">Reasons</a>"
            for (index, column) in matrix.columns.enumerated() {
                html += index == 0 ? " (" : ", "
                html += "<a href=\"#reasons-\(index + 1)\">\(Self.escape(column.label))</a>"
            }
            html += matrix.columns.isEmpty ? "" : ")"
            html += " · <a href=\"#files\">Every scenario, by file</a> · <a href=\"#legend\">Legend</a>"
            html += " · <a href=\"#totals\">Totals</a></nav>\n"
            return html
        }

        /// The filter over every row: a column, the statuses to show, a text. Hidden until the script runs.
        private func filter() -> String {
            var html =
                "<form id=\"filter\" hidden><label>Column <select name=\"column\"><option value=\"all\">any</option>"
            for (index, column) in matrix.columns.enumerated() {
                html += "<option value=\"\(index + 1)\">\(Self.escape(column.label))</option>"
            }
            html += "</select></label> <span class=\"statuses\">"
            for status in CompatibilityMatrix.Cell.Status.allCases where status != .absent {
                let name = MatrixSymbols.className(status)
                html += "<label><input type=\"checkbox\" name=\"status\" value=\"\(name)\" checked> "
                html += "\(Self.badge(status))</label> "
            }
            html +=
                "</span><label>Text <input type=\"search\" name=\"text\" placeholder=\"id, name or reason\"></label>"
            html += " <output id=\"shown\"></output></form>\n"
            return html
        }

        private func fileList() -> String {
            var html = "<ol class=\"files\">\n"
            for group in matrix.groups {
                let count = group.rows.count(where: matrix.isDifference)
                html += "<li><a href=\"#\(Self.anchor("file", group.file))\">\(Self.escape(group.file))</a>"
                html += count > 0 ? " (\(count))</li>\n" : "</li>\n"
            }
            return html + "</ol>\n"
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
                let statuses = matrix.columns.enumerated().map { index, column in
                    "\(index + 1):\(MatrixSymbols.className(matrix.cell(row, column).status))"
                }
                html +=
                    "<tr\(id) data-s=\"\(statuses.joined(separator: " "))\"><td class=\"name\"><a href=\"\(Self.escape(link(row.path, row.line)))\">"
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
            if cell.status != .passed, let number = reasonNumbers[column]["\(cell.status)|\(cell.triageReason ?? "")"] {
                html +=
                    " <a class=\"ref\" href=\"#r\(column + 1)-\(number)\" title=\"\(Self.escape(cell.note ?? ""))\">"
                html += "\(column + 1).\(number)</a>"
            }
            if let detail = cell.detail {
                html +=
                    "<details><summary>transcript</summary><pre>\(XMLText.content(XMLText.printable(detail)))</pre></details>"
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
            XMLText.attribute(XMLText.printable(text))
        }
    }
}
