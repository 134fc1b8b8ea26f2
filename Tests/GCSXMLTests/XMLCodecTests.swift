import Foundation
import GCSXML
import HTTPCore
import StorageAPI
import Testing

/// The XML API's own codecs: the reader of client documents, the CompleteMultipartUpload body
/// and HTTP dates.
@Suite struct XMLCodecTests {
    /// Every event of `text`, the pieces of each run of text joined.
    private func events(_ text: String) throws -> [XMLReader.Event] {
        var events: [XMLReader.Event] = []
        try XMLReader.read(Data(text.utf8)) { event in
            if case .text(let piece) = event, case .text(let before)? = events.last {
                events[events.count - 1] = .text(before + piece)
            } else {
                events.append(event)
            }
        }
        return events
    }

    @Test func theReaderGivesTagsTextAndEntitiesInOrder() throws {
        let text = """
            <?xml version="1.0"?>
            <!-- parts -->
            <Root a="1"><Part><N>1</N><E>&quot;x&amp;y&#x41;&#66;</E></Part><Empty/><C><![CDATA[<raw>]]></C></Root>
            """
        #expect(
            try events(text) == [
                .start("Root"), .start("Part"), .start("N"), .text("1"), .end("N"), .start("E"), .text("\"x&yAB"),
                .end("E"), .end("Part"), .start("Empty"), .end("Empty"), .start("C"), .text("<raw>"), .end("C"),
                .end("Root"),
            ])
    }

    @Test func longTextComesInPiecesCutBetweenCharacters() throws {
        let long = String(repeating: "é", count: XMLReader.textPieceBytes)
        var pieces: [String] = []
        try XMLReader.read(Data("<a>\(long)</a>".utf8)) { event in
            if case .text(let piece) = event { pieces.append(piece) }
        }
        #expect(pieces.count > 1)
        #expect(pieces.allSatisfy { $0.utf8.count <= XMLReader.textPieceBytes })
        #expect(pieces.joined() == long)
    }

    @Test(arguments: [
        ("<a><b></a>", 1, 7, "</a> closes <b>"),
        ("<a>\n  <b>x</b>\n  &bogus;</a>", 3, 3, "unknown entity"),
        ("<a></a><b/>", 1, 8, "after the root"),
        ("<!DOCTYPE a><a/>", 1, 1, "document type"),
        ("<a>", 1, 4, "never closed"),
        ("<a>&#0;</a>", 1, 4, "&#0; is not a character"),
        ("<a>&#x1;</a>", 1, 4, "&#x1; is not a character"),
        ("<a>&#xFFFE;</a>", 1, 4, "not a character"),
        ("<a>\u{1}</a>", 1, 4, "does not allow (U+1)"),
        ("<a>\n\u{0}</a>", 2, 1, "does not allow (U+0)"),
    ])
    func aMalformedDocumentNamesLineAndColumn(_ text: String, _ line: Int, _ column: Int, _ what: String) {
        #expect { try XMLReader.read(Data(text.utf8)) { _ in } } throws: { error in
            guard let problem = error as? XMLReader.Problem else { return false }
            return problem.line == line && problem.column == column && problem.message.contains(what)
        }
    }

    @Test func nestingAndNamesPastTheLimitsAreRefusedWithoutQuotingThem() {
        let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        #expect(throws: XMLReader.Problem.self) { try XMLReader.read(Data(deep.utf8)) { _ in } }
        let name = String(repeating: "n", count: 100_000)
        #expect { try XMLReader.read(Data("<\(name)/>".utf8)) { _ in } } throws: { error in
            guard let problem = error as? XMLReader.Problem else { return false }
            return problem.message.contains("longer than") && problem.description.count < 100
        }
        #expect(throws: XMLReader.Problem.self) { try XMLReader.read(Data([0x3C, 0x61, 0x3E, 0xFF, 0x3C])) { _ in } }
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

    /// An answer quotes at most 80 characters of what the client sent, however long its names and texts.
    @Test func aCompletionBodyIsNeverEchoedWhole() {
        let long = String(repeating: "x", count: 50_000)
        for bad in [
            "<\(long.prefix(200))/>",
            "<CompleteMultipartUpload><Part><PartNumber>\(long)</PartNumber><ETag>e</ETag></Part></CompleteMultipartUpload>",
            "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>\(long)</ETag></Part></CompleteMultipartUpload>",
            "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>e</ETag></Part>\(long)",
            "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>&#0;</ETag></Part></CompleteMultipartUpload>",
        ] {
            #expect { try CompleteMultipartUploadXML.decode(Data(bad.utf8)) } throws: { error in
                guard let error = error as? BackendError else { return false }
                return error.status == 400 && error.message.hasPrefix("MalformedXML") && error.message.count < 200
            }
        }
    }

    @Test func aCompletionOfMoreThanTenThousandPartsIsRefused() {
        let part = "<Part><PartNumber>1</PartNumber><ETag>e</ETag></Part>"
        let body = "<CompleteMultipartUpload>" + String(repeating: part, count: 10_001) + "</CompleteMultipartUpload>"
        #expect { try CompleteMultipartUploadXML.decode(Data(body.utf8)) } throws: { error in
            (error as? BackendError)?.message.contains("more than 10000 parts") == true
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
