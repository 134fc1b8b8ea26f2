/// What the parser and `--help` know of one option, whatever its type: its name, how its value is written
/// and read, its help, its default and the values it accepts. Commands declare options as typed `Option`,
/// `Flag` and `DefaultedOption` values; each carries one of these.
struct OptionSpec: Sendable {
    /// `--target`.
    let name: String
    /// The placeholder of its value (`FILE`), or nil for a flag.
    let placeholder: String?
    /// One paragraph; help wraps it.
    let help: String
    /// Whether it may be given several times (all values are kept).
    var repeatable = false
    /// Shown as `[--host 127.0.0.1]` in the synopsis when given; otherwise `[--host HOST]`.
    var synopsisValue: String?
    /// The values it accepts, as help and the usage error say them (`a whole number from 1 to 256`).
    var accepts: String?
    /// The default as help says it (`1`, `512MiB, or 5TiB with --data-dir`).
    var defaultText: String?
    /// Turns the text given into the value commands read, or throws the usage error.
    let read: @Sendable (String) throws(ArgumentList.Problem) -> any Sendable

    var isFlag: Bool { placeholder == nil }

    /// `[--tag TAG]…` as the synopsis shows it.
    var synopsis: String {
        let body = placeholder.map { "\(name) \(synopsisValue ?? $0)" } ?? name
        return "[\(body)]" + (repeatable ? "…" : "")
    }

    /// `--tag TAG` as the option list shows it.
    var label: String { placeholder.map { "\(name) \($0)" } ?? name }

    /// The help paragraph with what it accepts and its default.
    var fullHelp: String {
        var notes: [String] = []
        if let accepts { notes.append(accepts) }
        if let defaultText { notes.append("default \(defaultText)") }
        guard !notes.isEmpty else { return help }
        let sentence = help.hasSuffix(".") ? String(help.dropLast()) : help
        return sentence + " (" + notes.joined(separator: "; ") + ")."
    }
}
