import TestSupport
import Testing
import YAMLReader

/// Random mutations of valid documents: each either parses or throws a well-formed diagnostic.
@Suite struct FuzzTests {
    static let insertions: [UInt8] = Array(":[]{}'\"|>-#&*!\t\n ,?".utf8)

    /// A mutated copy of `bytes`: byte flips, insertions of YAML indicators, deletions, truncation.
    static func mutate(_ bytes: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0...1: bytes[index] = UInt8.random(in: 0...255, using: &random)
            case 2...5: bytes.insert(insertions.randomElement(using: &random) ?? 0x20, at: index)
            case 6...7: bytes.remove(at: index)
            case 8: bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            default: bytes.removeSubrange(index...)
            }
        }
        return bytes
    }

    /// Mutated seeds, the same on every run.
    static func mutations(count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        let seeds = Samples.seeds.map { Array($0.utf8) }
        return (0..<count).map { _ in
            mutate(seeds[Int.random(in: 0..<seeds.count, using: &random)], using: &random)
        }
    }

    @Test func mutatedDocumentsParseOrThrowADiagnostic() throws {
        var parsed = 0
        var rejected = 0
        for bytes in FuzzTests.mutations(count: 4_000, seed: 7) {
            let file = SourceFile(path: "fuzz.yaml", bytes: bytes)
            do {
                let documents = try YAMLParser.parse(file)
                for document in documents { _ = Render.tree(document.root) }
                parsed += 1
            } catch {
                rejected += 1
                let location = error.location
                #expect(location.line >= 1 && location.line <= file.lineCount, "\(error)")
                #expect(location.column >= 1 && location.offset >= 0 && location.offset <= bytes.count, "\(error)")
                #expect(error.description.hasPrefix("fuzz.yaml:\(location.line):\(location.column): "))
                #expect(!error.message.isEmpty)
            }
        }
        // Both outcomes must actually occur for the test to mean something.
        #expect(parsed > 100 && rejected > 100)
    }

    @Test func randomBytesNeverCrash() throws {
        var random = SplitMix64(seed: 99)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0..<200, using: &random)).map { _ in
                FuzzTests.insertions.randomElement(using: &random) ?? 0x61
            }
            _ = parseError(bytes: bytes)
        }
    }
}
