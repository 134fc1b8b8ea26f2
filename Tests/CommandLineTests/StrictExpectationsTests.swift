import Foundation
import Testing

/// `--strict-expectations`, stale entries and known crashers (`crashes: true`) as the command reports them.
@Suite("run --strict-expectations")
struct StrictExpectationsTests {
    static let pin = "step 1 (line 4) getMetadata: UnexpectedError [error objectNotFound; status 404]"

    static func run(_ manifestText: String, _ extra: [String] = []) throws -> (ToolRun, TemporaryFolder) {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let manifest = try folder.write("expectations.yaml", manifestText)
        let run = ToolRun(
            [
                "run", folder.path("Scenarios"), "--expectations", manifest, "--junit", folder.path("junit.xml"),
                "--json", folder.path("run.json"),
            ] + extra)
        return (run, folder)
    }

    @Test func aFingerprintedManifestThatHoldsIsGreenWhenStrict() throws {
        let text =
            "failures:\n  area/bad/expects-a-file-that-is-not-there:\n    fails: \"\(Self.pin)\"\n    reason: r\n"
        let (run, _) = try Self.run(text, ["--strict-expectations"])
        #expect(run.code == 0, "\(run.both)")
    }

    @Test func anEntryWithoutAFingerprintFailsOnlyWhenStrict() throws {
        let old = Self.pin.components(separatedBy: " [")[0]
        let text = "failures:\n  area/bad/expects-a-file-that-is-not-there:\n    fails: \"\(old)\"\n    reason: r\n"
        let (lenient, _) = try Self.run(text)
        #expect(lenient.code == 0, "\(lenient.both)")
        let (strict, _) = try Self.run(text, ["--strict-expectations"])
        #expect(strict.code == 1, "\(strict.both)")
        #expect(strict.errors.contains("unpinned fingerprint: area/bad/expects-a-file-that-is-not-there (line 2 of "))
    }

    /// An entry whose scenario the selection left out is a stale entry: reported in the console and the JSON
    /// report, and a failure of the run only when strict.
    @Test func aStaleEntryIsReportedAndFailsWhenStrict() throws {
        let text =
            "failures:\n  area/bad/expects-a-file-that-is-not-there:\n    fails: \"\(Self.pin)\"\n    reason: r\n"
        let (lenient, folder) = try Self.run(text, ["--filter", "uploads"])
        #expect(lenient.code == 0, "\(lenient.both)")
        #expect(
            lenient.output.contains("stale entry: area/bad/expects-a-file-that-is-not-there (line 2): not selected"))
        #expect(lenient.output.contains("(1 stale entry)"))
        let json = try #require(folder.read("run.json"))
        #expect(json.contains("\"staleEntries\": ["))
        #expect(json.contains("\"reason\": \"not selected\""))
        let (strict, _) = try Self.run(text, ["--filter", "uploads", "--strict-expectations"])
        #expect(strict.code == 1, "\(strict.both)")
    }

    /// A known crasher is left out with its reason in every report, and is not stale.
    @Test func aKnownCrasherIsSkippedWithItsReason() throws {
        let text =
            "failures:\n  area/bad/expects-a-file-that-is-not-there:\n    crashes: true\n    reason: takes the target down\n"
        let (run, folder) = try Self.run(text, ["--strict-expectations"])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.contains("takes the target down"))
        #expect(try #require(folder.read("junit.xml")).contains("takes the target down"))
        #expect(try #require(folder.read("run.json")).contains("known crasher (crashes: in "))
        #expect(!run.output.contains("stale entry"))
    }
}
