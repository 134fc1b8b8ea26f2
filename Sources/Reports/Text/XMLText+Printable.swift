import Primitives

extension XMLText {
    /// `text` for a report: terminal escapes removed, every XML-illegal character made visible.
    static func printable(_ text: String) -> String {
        legal(TerminalEscapes.strip(text))
    }
}
