import Primitives

/// Scenario files embedded in the triage page, each line an anchor: a link to `#src-N-L42` shows file N with
/// line 42 marked (CSS `:target`, no script), where a link to the `.yaml` file itself would be downloaded by a
/// browser instead of shown.
struct MatrixSourceFiles {
    private let files: [(path: String, text: String)]
    private let numbers: [String: Int]

    init(_ sources: [String: String]) {
        files = sources.sorted { $0.key < $1.key }.map { (path: $0.key, text: $0.value) }
        numbers = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1.path, $0 + 1) })
    }

    /// The in-page address of a line of an embedded file; nil when the file is not embedded.
    func link(_ path: String, _ line: Int) -> String? {
        numbers[path].map { "#src-\($0)-L\(line)" }
    }

    func render() -> String {
        guard !files.isEmpty else { return "" }
        var html = "<section id=\"sources\"><h2>Scenario files</h2>\n"
        html += "<p>A file shows here, its line marked, when a link to it is followed.</p>\n"
        for (index, file) in files.enumerated() {
            let id = "src-\(index + 1)"
            html += "<div class=\"source\" id=\"\(id)\"><h3>\(escape(file.path))</h3><pre>"
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where number < lines.count - 1 || !line.isEmpty {
                html += "<span class=\"line\" id=\"\(id)-L\(number + 1)\" data-n=\"\(number + 1)\">"
                html += XMLText.content(XMLText.printable(String(line))) + "</span>"
            }
            html += "</pre></div>\n"
        }
        return html + "</section>\n"
    }

    private func escape(_ text: String) -> String {
        XMLText.attribute(XMLText.printable(text))
    }
}
