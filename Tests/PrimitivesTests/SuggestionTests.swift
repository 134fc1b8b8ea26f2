import Primitives
import Testing

@Suite struct SuggestionTests {
    private func distance(_ a: String, _ b: String) -> Int {
        Suggestion.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }

    @Test func editDistanceCountsInsertionsDeletionsSubstitutionsAndSwaps() {
        #expect(distance("", "") == 0)
        #expect(distance("", "abc") == 3)
        #expect(distance("abc", "") == 3)
        #expect(distance("metadata", "metadata") == 0)
        #expect(distance("metdata", "metadata") == 1)
        #expect(distance("metadataa", "metadata") == 1)
        #expect(distance("metadaTa", "metadata") == 1)
        #expect(distance("auht", "auth") == 1)
        #expect(distance("contnetType", "contentType") == 1)
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("size", "name") == 3)
    }

    @Test func editDistanceIsSymmetric() {
        let words = ["", "a", "ab", "ba", "size", "sizes", "zise", "timeCreated", "updated"]
        for a in words {
            for b in words { #expect(distance(a, b) == distance(b, a), "\(a) \(b)") }
        }
    }

    @Test func closestPrefersCaseThenPrefixThenPartThenEdits() {
        let fields = ["name", "size", "contentType", "metadata", "timeCreated", "updated"]
        #expect(Suggestion.closest(to: "ContentType", in: fields) == "contentType")
        #expect(Suggestion.closest(to: "content", in: fields) == "contentType")
        #expect(Suggestion.closest(to: "Created", in: fields) == "timeCreated")
        #expect(Suggestion.closest(to: "metdata", in: fields) == "metadata")
        #expect(Suggestion.closest(to: "sise", in: fields) == "size")
    }

    @Test func closestIsNilWhenNothingIsNear() {
        let fields = ["name", "size", "metadata"]
        #expect(Suggestion.closest(to: "", in: fields) == nil)
        #expect(Suggestion.closest(to: "owner", in: fields) == nil)
        // A short word takes one edit at most: two are a different word.
        #expect(Suggestion.closest(to: "nmx", in: fields) == nil)
        #expect(Suggestion.closest(to: "anything", in: []) == nil)
    }

    @Test func hintNamesTheMatchOrEveryCandidate() {
        #expect(Suggestion.hint(for: "sise", in: ["size", "name"]) == " (did you mean size?)")
        #expect(Suggestion.hint(for: "owner", in: ["size", "name"]) == " (expected one of: size, name)")
    }
}
