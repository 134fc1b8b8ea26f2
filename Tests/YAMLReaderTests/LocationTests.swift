import Primitives
import Testing
import YAMLReader

@Suite struct LocationTests {
    private func at(_ line: Int, _ column: Int, _ offset: Int) -> Primitives.SourceLocation {
        Primitives.SourceLocation(line: line, column: column, offset: offset)
    }

    @Test func mappingIsLocatedAtItsFirstKey() throws {
        let node = try root("\n  a: 1\n  b: 2\n")
        #expect(node.location == at(2, 3, 3))
        #expect(node.mappingPairs?[1].key.location == at(3, 3, 10))
        #expect(node["b"]?.location == at(3, 6, 13))
    }

    @Test func blockSequenceIsLocatedAtItsFirstDash() throws {
        let node = try root("key:\n- x\n- y\n")
        #expect(node["key"]?.location == at(2, 1, 5))
        #expect(node["key"]?.sequenceItems?[1].location == at(3, 3, 11))
    }

    @Test func flowCollectionsAreLocatedAtTheirBracket() throws {
        let node = try root("a: [1, {b: c}]\n")
        #expect(node["a"]?.location == at(1, 4, 3))
        #expect(node["a"]?.sequenceItems?[1].location == at(1, 8, 7))
    }

    @Test func scalarsAreLocatedAtTheirFirstCharacter() throws {
        let node = try root("a: 'q'\nb: |\n  text\nc: \"d\"\n")
        #expect(node["a"]?.location == at(1, 4, 3))
        #expect(node["b"]?.location == at(2, 4, 10))
        #expect(node["c"]?.location == at(4, 4, 22))
    }

    @Test func omittedValuesAreLocatedJustAfterTheIndicator() throws {
        let node = try root("a:\n-\n")
        #expect(node.location == at(1, 1, 0))
        let sequence = try root("-\n- x\n")
        #expect(sequence.sequenceItems?[0].location == at(1, 2, 1))
        #expect(try root("a:")["a"]?.location == at(1, 3, 2))
    }

    @Test func columnsCountUnicodeScalarsNotBytes() throws {
        let node = try root("é€: 😀 x\n")
        #expect(node["é€"]?.location == at(1, 5, 7))
    }

    @Test func singlePairMappingInAFlowSequenceIsLocatedAtItsKey() throws {
        let node = try root("[a, b: c]")
        #expect(node.sequenceItems?[1].location == at(1, 5, 4))
    }
}
