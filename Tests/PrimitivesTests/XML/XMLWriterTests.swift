import Foundation
import Primitives
import Testing

/// The one XML writer (the XML API's answers, the JUnit reports): whatever the strings, the document is well-formed.
@Suite struct XMLWriterTests {
    @Test func markupIsEscapedInTextAndAttributes() {
        var xml = XMLWriter(declaration: XMLWriter.singleQuotedDeclaration)
        xml.open("R", [("xmlns", "urn:x"), ("a", "q\"'<&\n\t")])
        xml.element("Key", text: "<k>&'\"\r")
        xml.element("Empty", text: "")
        xml.close("R")
        #expect(
            String(decoding: xml.data, as: UTF8.self)
                == "<?xml version='1.0' encoding='UTF-8'?><R xmlns=\"urn:x\" a=\"q&quot;&apos;&lt;&amp;&#10;&#9;\">"
                + "<Key>&lt;k&gt;&amp;'\"&#13;</Key><Empty></Empty></R>")
    }

    /// A character XML 1.0 cannot carry, even as a reference (`&#x1;` is as ill-formed as the raw byte), is written
    /// as a visible escape; tab, LF and the rest of Unicode stay as they are.
    @Test func charactersXMLCannotCarryBecomeVisibleEscapes() {
        #expect(XMLText.content("tab\tok\u{1}bell\u{0}\u{FFFE}") == "tab\tok\\u{1}bell\\u{0}\\u{FFFE}")
        #expect(XMLText.content("forêt 🌲\n") == "forêt 🌲\n")
        #expect(XMLText.isLegal("\t") && XMLText.isLegal("\u{85}") && !XMLText.isLegal("\u{1F}"))
    }

    @Test func theIndentedLayoutPutsEachElementOnItsLineAndCleansEveryValue() {
        var xml = XMLWriter(layout: .indented, clean: { $0.uppercased() })
        xml.open("a", [("n", "x")])
        xml.element("b", text: "t")
        xml.empty("c")
        xml.close("a")
        #expect(
            xml.document
                == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a n=\"X\">\n  <b>T</b>\n  <c/>\n</a>\n")
    }
}
