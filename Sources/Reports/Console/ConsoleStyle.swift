/// ANSI styling for console lines; with colour off every function returns its text unchanged.
struct ConsoleStyle: Sendable {
    let colour: Bool

    func green(_ text: String) -> String { styled(text, "1;32") }
    func red(_ text: String) -> String { styled(text, "1;31") }
    func yellow(_ text: String) -> String { styled(text, "1;33") }
    func bold(_ text: String) -> String { styled(text, "1") }

    private func styled(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[" + code + "m" + text + "\u{1B}[0m" : text
    }
}
