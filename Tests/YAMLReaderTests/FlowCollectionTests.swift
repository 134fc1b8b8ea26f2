import Testing
import YAMLReader

@Suite struct FlowCollectionTests {
    @Test func flowSequenceAndMapping() throws {
        #expect(try tree("[a, b, 3]") == #"["a","b",3]"#)
        #expect(try tree("{a: 1, b: x}") == #"{"a":1,"b":"x"}"#)
    }

    @Test func emptyCollections() throws {
        #expect(try tree("a: []\nb: {}\nc: [ ]\nd: { }\n") == #"{"a":[],"b":{},"c":[],"d":{}}"#)
    }

    @Test func nestedFlows() throws {
        #expect(try tree("{a: [1, {b: [c, d]}], e: {}}") == #"{"a":[1,{"b":["c","d"]}],"e":{}}"#)
    }

    @Test func trailingCommas() throws {
        #expect(try tree("[a, b,]") == #"["a","b"]"#)
        #expect(try tree("{a: 1, b: 2, }") == #"{"a":1,"b":2}"#)
    }

    @Test func flowsAcrossLines() throws {
        let text = """
            tags: [upload,
              pause-resume,
              # a comment inside
              retry]
            meta: {
              size: 1,
              type: text
              }
            """
        #expect(try tree(text) == #"{"tags":["upload","pause-resume","retry"],"meta":{"size":1,"type":"text"}}"#)
    }

    @Test func topLevelFlowMayCloseAtColumnOne() throws {
        #expect(try tree("[\na,\nb\n]") == #"["a","b"]"#)
    }

    @Test func keysWithoutValuesInAFlowMapping() throws {
        #expect(try tree("{a, b: 2, c}") == #"{"a":null,"b":2,"c":null}"#)
        #expect(try tree("{a: , b:}") == #"{"a":null,"b":null}"#)
    }

    @Test func singlePairMappingsInAFlowSequence() throws {
        #expect(try tree("[a: 1, b, c: {d: e}]") == #"[{"a":1},"b",{"c":{"d":"e"}}]"#)
    }

    @Test func jsonStyleKeysMayBeFollowedDirectlyByAColon() throws {
        #expect(try tree(#"{"a":1, 'b':[2]}"#) == #"{"a":1,"b":[2]}"#)
    }

    @Test func plainScalarsInFlowsMayContainColonsAndHashes() throws {
        #expect(try tree("[a:b, c#d, http://x.y/z]") == #"["a:b","c#d","http://x.y/z"]"#)
    }

    @Test func plainScalarsInFlowsFoldAcrossLines() throws {
        #expect(try tree("[a\n  b, c]") == #"["a b","c"]"#)
    }

    @Test func flowCollectionAsABlockValueAndSequenceItem() throws {
        #expect(try tree("- [a, b]\n- {c: d}\n") == #"[["a","b"],{"c":"d"}]"#)
    }
}
