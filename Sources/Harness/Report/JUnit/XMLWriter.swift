/// Builds an indented XML document. Element names are the caller's constants; every attribute
/// value and text passes through `XMLText`, so any string can be given.
struct XMLWriter {
    private(set) var document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var depth = 0

    /// `<name a="v">` on its own line; the children that follow are indented.
    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        line("<" + name + Self.attributes(attributes) + ">")
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        line("</" + name + ">")
    }

    /// `<name a="v"/>`.
    mutating func empty(_ name: String, _ attributes: [(String, String)] = []) {
        line("<" + name + Self.attributes(attributes) + "/>")
    }

    /// `<name a="v">text</name>`, the text written verbatim (escaped, never indented); an empty
    /// text gives an empty element.
    mutating func element(_ name: String, _ attributes: [(String, String)] = [], text: String) {
        guard !text.isEmpty else { return empty(name, attributes) }
        line("<" + name + Self.attributes(attributes) + ">" + XMLText.content(text) + "</" + name + ">")
    }

    private mutating func line(_ text: String) {
        document += String(repeating: "  ", count: max(0, depth))
        document += text
        document += "\n"
    }

    private static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " " + $0.0 + "=\"" + XMLText.attribute($0.1) + "\"" }.joined()
    }
}
