import Testing
import YAMLReader

/// Scenario files must load to the same tree in PyYAML. These tests fail on any mismatch; they are skipped
/// when `python3` with PyYAML is not installed.
@Suite(.enabled(if: PyYAML.isAvailable, "python3 with PyYAML is not available"))
struct PyYAMLCrossCheckTests {
    private func ours(_ text: String) throws -> [String] {
        try YAMLParser.parse(text).map { Render.exact($0.root) }
    }

    @Test func corpusLoadsToTheSameTrees() throws {
        let corpus = CrossCheckCorpus.documents
        #expect(corpus.count >= 40)
        let theirs = try PyYAML.load(corpus)
        for (text, reference) in zip(corpus, theirs) {
            let mine = try ours(text)
            #expect(PyYAML.Outcome.documents(mine) == reference, "\(text.debugDescription)")
        }
    }

    @Test func versionAmbiguityMatchesWhatPyYAMLDoes() throws {
        let scalars = CrossCheckCorpus.plainScalars
        let texts = scalars.map { "v: \($0)\n" }
        let theirs = try PyYAML.load(texts)
        for (scalar, (text, reference)) in zip(scalars, zip(texts, theirs)) {
            let node = try #require(try root(text)["v"])
            let same = reference == .documents([Render.exact(try root(text))])
            if let reading = node.yaml11Reading, !reading.isPyYAMLReading {
                // YAML 1.1 type-list readings that PyYAML itself does not implement, and the message says so.
                #expect(same, "\(scalar) is said not to be PyYAML's reading, but PyYAML reads it otherwise")
                #expect(!reading.readers.contains("such as PyYAML"), "\(scalar)")
            } else if node.isVersionAmbiguous {
                #expect(!same, "\(scalar) is flagged but PyYAML reads it the same way")
            } else {
                #expect(same, "\(scalar) is not flagged but PyYAML reads it differently: \(reference)")
            }
        }
    }

    /// Every mutated document we accept must load identically in PyYAML (unless it uses scalars flagged
    /// as version-ambiguous): the parser never silently reads something differently.
    @Test func acceptedMutationsLoadToTheSameTrees() throws {
        var accepted: [(text: String, trees: [String])] = []
        for bytes in FuzzTests.mutations(count: 3_000, seed: 11) {
            guard let text = String(validating: bytes, as: UTF8.self),
                let documents = try? YAMLParser.parse(text),
                !documents.contains(where: { Render.containsVersionAmbiguity($0.root) })
            else { continue }
            accepted.append((text, documents.map { Render.exact($0.root) }))
        }
        #expect(accepted.count > 500)
        let theirs = try PyYAML.load(accepted.map(\.text))
        for (document, reference) in zip(accepted, theirs) {
            #expect(PyYAML.Outcome.documents(document.trees) == reference, "\(document.text.debugDescription)")
        }
    }
}
