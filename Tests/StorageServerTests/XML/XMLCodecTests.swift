import Foundation
import GCSXML
import StorageAPI
import Testing

/// The XML API's own codecs: the writer's escaping, the reader of client documents, the CompleteMultipartUpload body
/// and HTTP dates.
@Suite struct XMLCodecTests {
    @Test func theWriterEscapesMarkupQuotesAndControlCharacters() {
        #expect(XMLWriter.escape("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&apos;f")
        #expect(XMLWriter.escape("tab\tok\u{1}bell") == "tab\tok&#x1;bell")
        #expect(XMLWriter.escape("forêt 🌲") == "forêt 🌲")
        var xml = XMLWriter()
        xml.open("R", namespace: "urn:x")
        xml.element("Key", "<k>")
        xml.close("R")
        #expect(
            String(decoding: xml.data, as: UTF8.self)
                == "<?xml version='1.0' encoding='UTF-8'?><R xmlns=\"urn:x\"><Key>&lt;k&gt;</Key></R>")
    }

    @Test func theReaderKeepsTextChildrenAndEntities() throws {
        let text = """
            <?xml version="1.0"?>
            <!-- parts -->
            <Root a="1"><Part><N>1</N><E>&quot;x&amp;y&#x41;&#66;</E></Part><Empty/><C><![CDATA[<raw>]]></C></Root>
            """
        let tree = try XMLTree.parse(Data(text.utf8))
        #expect(tree.name == "Root")
        #expect(tree.children.map(\.name) == ["Part", "Empty", "C"])
        #expect(tree.children(named: "Part").first?.text(of: "E") == "\"x&yAB")
        #expect(tree.text(of: "C") == "<raw>")
    }

    @Test(arguments: [
        ("<a><b></a>", 1, 7, "</a> closes <b>"),
        ("<a>\n  <b>x</b>\n  &bogus;</a>", 3, 3, "unknown entity"),
        ("<a></a><b/>", 1, 8, "after the root"),
        ("<!DOCTYPE a><a/>", 1, 1, "document type"),
        ("<a>", 1, 4, "never closed"),
    ])
    func aMalformedDocumentNamesLineAndColumn(_ text: String, _ line: Int, _ column: Int, _ what: String) {
        #expect { try XMLTree.parse(Data(text.utf8)) } throws: { error in
            guard let problem = error as? XMLTree.Problem else { return false }
            return problem.line == line && problem.column == column && problem.message.contains(what)
        }
    }

    @Test func nestingPastTheLimitIsRefused() {
        let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        #expect(throws: XMLTree.Problem.self) { try XMLTree.parse(Data(deep.utf8)) }
    }

    @Test func aCompletionBodyGivesItsPartsAndRefusesNonsense() throws {
        let body =
            #"<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>"abc"</ETag></Part>"#
            + #"<Part><ETag>def</ETag><PartNumber> 3 </PartNumber></Part></CompleteMultipartUpload>"#
        #expect(
            try CompleteMultipartUploadXML.decode(Data(body.utf8))
                == [.init(number: 1, etag: "abc"), .init(number: 3, etag: "def")])
        for bad in [
            "<Other/>", "<CompleteMultipartUpload/>",
            "<CompleteMultipartUpload><Part><PartNumber>0</PartNumber><ETag>x</ETag></Part></CompleteMultipartUpload>",
            "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber></Part></CompleteMultipartUpload>", "not xml",
        ] {
            #expect { try CompleteMultipartUploadXML.decode(Data(bad.utf8)) } throws: { error in
                (error as? BackendError)?.status == 400
                    && (error as? BackendError)?.message.hasPrefix("MalformedXML") == true
            }
        }
    }

    @Test func httpDatesRoundTripAndOtherFormsAreIgnored() {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.string(from: date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.date(from: "Sun, 06 Nov 1994 08:49:37 GMT") == date)
        #expect(HTTPDate.date(from: "Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.date(from: "Sun, 06 Nov 1994 25:49:37 GMT") == nil)
    }
}
