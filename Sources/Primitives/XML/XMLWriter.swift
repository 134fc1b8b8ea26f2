import Foundation

/// Writes an XML 1.0 document that is well-formed whatever the strings given: element and attribute names are the
/// caller's constants, every text and attribute value passes through `XMLText`. The XML API's answers are written
/// compact, the JUnit reports indented.
///
/// ```swift
/// var xml = XMLWriter(declaration: XMLWriter.singleQuotedDeclaration)
/// xml.open("ListBucketResult", [("xmlns", "http://doc.s3.amazonaws.com/2006-03-01")])
/// xml.element("Name", text: "bucket")
/// xml.close("ListBucketResult")
/// let body = xml.data
/// ```
package struct XMLWriter {
    /// Where elements go: one after another, or each on its own line indented by its depth.
    package enum Layout: Sendable {
        case compact
        case indented
    }

    package static let declaration = #"<?xml version="1.0" encoding="UTF-8"?>"#
    /// The declaration as Cloud Storage's XML API writes it.
    package static let singleQuotedDeclaration = "<?xml version='1.0' encoding='UTF-8'?>"

    package private(set) var document: String
    private let layout: Layout
    /// What every text and attribute value passes through before it is escaped.
    private let clean: (String) -> String
    private var depth = 0

    /// - Parameter clean: what every text and attribute value passes through first (a report removes terminal
    ///   escapes with it).
    package init(
        declaration: String = XMLWriter.declaration, layout: Layout = .compact,
        clean: @escaping (String) -> String = { $0 }
    ) {
        self.layout = layout
        self.clean = clean
        document = declaration
        if layout == .indented { document += "\n" }
    }

    /// `<name a="v">`; in the indented layout the children that follow are indented.
    package mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        line("<" + name + written(attributes) + ">")
        depth += 1
    }

    package mutating func close(_ name: String) {
        depth -= 1
        line("</" + name + ">")
    }

    /// `<name a="v"/>`.
    package mutating func empty(_ name: String, _ attributes: [(String, String)] = []) {
        line("<" + name + written(attributes) + "/>")
    }

    /// `<name a="v">text</name>`, the text escaped and never indented.
    package mutating func element(_ name: String, _ attributes: [(String, String)] = [], text: String) {
        line("<" + name + written(attributes) + ">" + XMLText.content(clean(text)) + "</" + name + ">")
    }

    package var data: Data { Data(document.utf8) }

    private mutating func line(_ text: String) {
        guard layout == .indented else {
            document += text
            return
        }
        document += String(repeating: "  ", count: max(0, depth))
        document += text
        document += "\n"
    }

    private func written(_ attributes: [(String, String)]) -> String {
        attributes.map { " " + $0.0 + "=\"" + XMLText.attribute(clean($0.1)) + "\"" }.joined()
    }
}
