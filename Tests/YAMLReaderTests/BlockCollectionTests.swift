import Testing
import YAMLReader

@Suite struct BlockCollectionTests {
    @Test func mappingKeepsKeyOrder() throws {
        #expect(try tree("b: 1\na: 2\nc: 3\n") == #"{"b":1,"a":2,"c":3}"#)
    }

    @Test func nestedMappingsByIndentation() throws {
        let text = """
            outer:
              inner:
                deepest: x
              back: y
            last: z
            """
        #expect(try tree(text) == #"{"outer":{"inner":{"deepest":"x"},"back":"y"},"last":"z"}"#)
    }

    @Test func sequenceOfScalars() throws {
        #expect(try tree("- a\n- 2\n-   c\n") == #"["a",2,"c"]"#)
    }

    @Test func sequenceAtTheIndentationOfItsKey() throws {
        #expect(try tree("key:\n- a\n- b\nnext: 1\n") == #"{"key":["a","b"],"next":1}"#)
    }

    @Test func indentedSequenceUnderAKey() throws {
        #expect(try tree("key:\n  - a\n  - b\n") == #"{"key":["a","b"]}"#)
    }

    @Test func compactMappingInsideASequenceItem() throws {
        #expect(try tree("- key: v\n  k2: v2\n- other: 1\n") == #"[{"key":"v","k2":"v2"},{"other":1}]"#)
    }

    @Test func compactSequenceInsideASequence() throws {
        #expect(try tree("- - a\n  - b\n- - - c\n") == #"[["a","b"],[["c"]]]"#)
    }

    @Test func sequenceItemOnTheNextLine() throws {
        #expect(try tree("-\n  a: 1\n-\n  - x\n") == #"[{"a":1},["x"]]"#)
    }

    @Test func omittedValuesAreNull() throws {
        #expect(try tree("a:\nb:\n  c:\nd: 1\n") == #"{"a":null,"b":{"c":null},"d":1}"#)
        #expect(try tree("-\n- \n- x\n") == #"[null,null,"x"]"#)
    }

    @Test func keysCanBeAnyScalar() throws {
        #expect(
            try tree("2: a\ntrue: b\n'q': c\n\"d\": e\nnull: f\n1.5: g\n")
                == #"{2:"a",true:"b","q":"c","d":"e",null:"f",1.5:"g"}"#)
    }

    @Test func spacesAroundTheColon() throws {
        #expect(try tree("a : 1\nb:    2\n") == #"{"a":1,"b":2}"#)
    }

    @Test func commentsAndBlankLinesBetweenEntries() throws {
        let text = """
            # leading comment
            a: 1   # trailing

              # indented comment
            b:
              # before the value
              c: 2
            """
        #expect(try tree(text) == #"{"a":1,"b":{"c":2}}"#)
    }

    @Test func mappingInsideIndentlessSequenceInsideMapping() throws {
        let text = """
            steps:
            - put: a.txt
              data: { text: hi }
            - await: up
            end: true
            """
        #expect(try tree(text) == #"{"steps":[{"put":"a.txt","data":{"text":"hi"}},{"await":"up"}],"end":true}"#)
    }

    @Test func crlfLineBreaks() throws {
        #expect(try tree("a: 1\r\nb:\r\n  - x\r\n") == #"{"a":1,"b":["x"]}"#)
    }

    @Test func accessorsReadTheTree() throws {
        let node = try root("name: x\ncount: 3\nratio: 0.5\nflag: true\nlist: [1]\nmap: {}\nnothing:\n")
        #expect(node["name"]?.stringValue == "x")
        #expect(node["count"]?.intValue == 3)
        #expect(node["count"]?.doubleValue == 3)
        #expect(node["ratio"]?.doubleValue == 0.5)
        #expect(node["flag"]?.boolValue == true)
        #expect(node["list"]?.sequenceItems?.count == 1)
        #expect(node["map"]?.mappingPairs?.isEmpty == true)
        #expect(node["nothing"]?.isNull == true)
        #expect(node["missing"] == nil)
        #expect(node["list"]?.typeName == "sequence")
        #expect(node.typeName == "mapping")
        #expect(node["name"]?["x"] == nil)
    }
}
