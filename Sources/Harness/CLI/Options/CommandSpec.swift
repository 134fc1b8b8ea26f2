/// A command of the tool, declared once: its name, what it takes and does, and its options. `--help` and
/// `-h` are implied for every command.
struct CommandSpec: Sendable {
    let name: String
    /// `[PATHS…]`, before the options in the synopsis.
    let operands: String
    /// One line for the overview.
    let summary: String
    /// The paragraph under the usage line.
    let description: String
    let options: [OptionSpec]
    /// Lines after the option list (environment, exit codes).
    var footer: String = ""
    /// `[run]`: the command word may be left out.
    var isDefault = false

    static let helpFlags: Set<String> = ["--help", "-h"]

    /// `storage-conformance run [PATHS…] [--target TARGET] …`, wrapped before `width` columns with the
    /// continuation lines indented under the first option: what help and docs/command-line.md's synopsis show.
    var synopsis: String {
        let word = isDefault ? "[\(name)]" : name
        let lead = ["storage-conformance", word, operands].filter { !$0.isEmpty }.joined(separator: " ")
        let indent = String(repeating: " ", count: "storage-conformance \(word) ".count)
        var lines = [lead]
        for option in options.map(\.synopsis) {
            if lines[lines.count - 1].count + 1 + option.count > Self.synopsisWidth {
                lines.append(indent + option)
            } else {
                lines[lines.count - 1] += " " + option
            }
        }
        return lines.joined(separator: "\n")
    }

    static let synopsisWidth = 110

    /// What `storage-conformance help NAME` prints.
    var helpText: String {
        var text =
            "USAGE:\n" + synopsis.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
            + "\n\n\(description)\n"
        if !options.isEmpty {
            let rows = options.map { ($0.label, $0.fullHelp) } + [("-h, --help", "Show this help.")]
            let width = min(rows.map(\.0.count).max() ?? 0, 26) + 2
            text += "\nOPTIONS:\n"
            for (label, help) in rows {
                let lines = Self.wrap(help, width: Self.synopsisWidth - width - 2)
                if label.count + 2 > width {
                    text +=
                        "  \(label)\n"
                        + lines.map { String(repeating: " ", count: width + 2) + $0 }.joined(separator: "\n") + "\n"
                } else {
                    text +=
                        "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + (lines.first ?? "") + "\n"
                    for line in lines.dropFirst() { text += String(repeating: " ", count: width + 2) + line + "\n" }
                }
            }
        }
        if !footer.isEmpty { text += "\n" + footer + "\n" }
        return text
    }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// The words of `text` in lines of at most `width` characters (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count > width {
                lines.append(line)
                line = String(word)
            } else {
                line += " " + word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
