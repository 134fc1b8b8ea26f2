/// The compatibility matrix as one self-contained HTML page (inline style, no scripts, nothing fetched): the
/// totals, then a table per scenario file; each cell's reason is its tooltip and is listed under the table.
public enum MatrixHTML {
    public static func render(_ matrix: CompatibilityMatrix) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Compatibility matrix</title>
            <style>
            body{font-family:system-ui,sans-serif;margin:2em;color:#222}
            table{border-collapse:collapse;margin:0.5em 0 1.5em}
            th,td{border:1px solid #ccc;padding:0.25em 0.6em;text-align:center}
            td.name{text-align:left}
            .pass{background:#e6f4ea}.fail{background:#fce8e6}.error{background:#f9d0cb}
            .expected{background:#fef7e0}.skip{background:#f1f3f4}.absent{color:#999}
            ol{font-size:0.9em}
            </style></head><body>
            <h1>Compatibility matrix</h1>

            """
        html += "<table><tr><th></th>" + matrix.columns.map { "<th>\(escape($0.label))</th>" }.joined() + "</tr>\n"
        let totals = matrix.columns.map(matrix.totals)
        for (name, value) in CompatibilityMatrix.Totals.lines {
            html +=
                "<tr><td class=\"name\">\(name)</td>" + totals.map { "<td>\($0[keyPath: value])</td>" }.joined()
                + "</tr>\n"
        }
        html += "</table>\n"
        for group in matrix.groups {
            var notes = MatrixNotes()
            html += "<h2>\(escape(group.file))</h2>\n<table><tr><th>Scenario</th>"
            html += matrix.columns.map { "<th>\(escape($0.label))</th>" }.joined() + "</tr>\n"
            for row in group.rows {
                html += "<tr><td class=\"name\" title=\"\(escape(row.id))\">\(escape(row.name))</td>"
                for column in matrix.columns {
                    let cell = matrix.cell(row, column)
                    var content = MatrixSymbols.symbol(cell)
                    var title = ""
                    if let note = cell.note {
                        content += "<sup>\(notes.number(column.label + ": " + note))</sup>"
                        title = " title=\"\(escape(note))\""
                    }
                    html += "<td class=\"\(MatrixSymbols.className(cell))\"\(title)>\(content)</td>"
                }
                html += "</tr>\n"
            }
            html += "</table>\n"
            if !notes.texts.isEmpty {
                html += "<ol>" + notes.texts.map { "<li>\(escape($0))</li>" }.joined() + "</ol>\n"
            }
        }
        return html + "</body></html>\n"
    }

    private static func escape(_ text: String) -> String {
        XMLText.attribute(text)
    }
}
