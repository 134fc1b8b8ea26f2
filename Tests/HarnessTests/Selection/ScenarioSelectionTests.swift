import Harness
import Primitives
import Reports
import Runner
import ScenarioLanguage
import Testing
import YAMLReader

/// `--tag`, `--filter` and `--shard`.
@Suite("Selection: tags, filters and shards")
struct ScenarioSelectionTests {
    static func scenario(_ id: String, tags: [String] = []) -> Scenario {
        Scenario(
            name: id, id: id, location: Primitives.SourceLocation(line: 1, column: 1, offset: 0), tags: tags,
            steps: [])
    }

    static let scenarios = [
        scenario("upload/pause/resumes", tags: ["upload", "pause-resume"]),
        scenario("upload/cancel/cancels", tags: ["upload", "cancel"]),
        scenario("download/get-data/reads", tags: ["download"]),
        scenario("list/paging/first-page", tags: ["list"]),
        scenario("list/paging/second-page"),
        scenario("reference/url/gs-form"),
    ]

    static func selected(_ selection: ScenarioSelection) -> [String] {
        scenarios.filter(selection.includes).map(\.id)
    }

    @Test func everythingByDefault() {
        #expect(Self.selected(ScenarioSelection()) == Self.scenarios.map(\.id))
    }

    @Test func anyOfTheTags() {
        #expect(Self.selected(ScenarioSelection(tags: ["cancel"])) == ["upload/cancel/cancels"])
        #expect(
            Self.selected(ScenarioSelection(tags: ["upload"])) == ["upload/pause/resumes", "upload/cancel/cancels"])
        #expect(
            Self.selected(ScenarioSelection(tags: ["download", "list"])) == [
                "download/get-data/reads", "list/paging/first-page",
            ])
        #expect(Self.selected(ScenarioSelection(tags: ["nothing"])).isEmpty)
    }

    @Test func tagsMatchExactly() {
        #expect(Self.selected(ScenarioSelection(tags: ["pause"])).isEmpty)
        #expect(Self.selected(ScenarioSelection(tags: ["Upload"])).isEmpty)
    }

    @Test func aFilterIsAnIDSubstring() {
        #expect(
            Self.selected(ScenarioSelection(filters: ["paging"])) == [
                "list/paging/first-page", "list/paging/second-page",
            ])
        #expect(Self.selected(ScenarioSelection(filters: ["cancel"])) == ["upload/cancel/cancels"])
        #expect(
            Self.selected(ScenarioSelection(filters: ["reads", "gs-"])) == [
                "download/get-data/reads", "reference/url/gs-form",
            ])
        #expect(Self.selected(ScenarioSelection(filters: ["PAGING"])).isEmpty)
    }

    /// With `*` or `?`, a filter is a glob that a part of the id must match, as docs/command-line.md says ("ids that
    /// contain the text, or a match of it as a glob"): `*` any run of characters (slashes too), `?` exactly one.
    @Test(arguments: [
        ("list/*", ["list/paging/first-page", "list/paging/second-page"]),
        ("*page", ["list/paging/first-page", "list/paging/second-page"]),
        ("list/*/first-*", ["list/paging/first-page"]),
        ("*cancel*", ["upload/cancel/cancels"]),
        ("upload/*/resume?", ["upload/pause/resumes"]),
        ("upload/*/resume", ["upload/pause/resumes"]),
        ("paging*", ["list/paging/first-page", "list/paging/second-page"]),
        ("paging/*-p?ge", ["list/paging/first-page", "list/paging/second-page"]),
        ("pag?ng/s", ["list/paging/second-page"]),
        ("upload/*/x", []),
        ("*", scenarios.map(\.id)),
        ("**", scenarios.map(\.id)),
        ("????????/url/gs-form", ["reference/url/gs-form"]),
        ("?????????/url/gs-form", ["reference/url/gs-form"]),
        ("??????????/url/gs-form", []),
        ("*/*/*", scenarios.map(\.id)),
        ("*/*/*/*", []),
        ("list/paging/*-page*", ["list/paging/first-page", "list/paging/second-page"]),
    ])
    func globs(_ filter: String, _ expected: [String]) {
        #expect(Self.selected(ScenarioSelection(filters: [filter])) == expected)
    }

    @Test func tagsFiltersAndShardsMustAllAgree() throws {
        let selection = ScenarioSelection(tags: ["upload", "list"], filters: ["e*s"])
        #expect(Self.selected(selection) == ["upload/pause/resumes", "upload/cancel/cancels"])
        let shard = try #require(Shard(index: 1, count: 1))
        #expect(
            Self.selected(ScenarioSelection(tags: ["list"], filters: ["paging"], shard: shard)) == [
                "list/paging/first-page"
            ])
    }

    @Test(arguments: ["1/1", "1/3", "3/3", "2/10", "10/10"])
    func shardsParse(_ text: String) throws {
        let shard = try #require(Shard(parsing: text))
        #expect(shard.description == text)
    }

    @Test(arguments: [
        "", "1", "/", "1/", "/3", "0/3", "4/3", "1/0", "0/0", "-1/3", "1/-3", "a/b", "1/3/5", "1 /3", "1/3 ", "1.0/3",
        "１/3",
    ])
    func shardParseErrors(_ text: String) {
        #expect(Shard(parsing: text) == nil)
    }

    @Test func shardRanges() {
        #expect(Shard(index: 1, count: 1) != nil)
        #expect(Shard(index: 0, count: 1) == nil)
        #expect(Shard(index: 2, count: 1) == nil)
        #expect(Shard(index: 1, count: 0) == nil)
    }

    static let manyIDs = (0..<500).map { "area-\($0 % 7)/file-\($0 % 13)/scenario-\($0)" }

    /// The shards of a split together hold every id exactly once, and none is empty for a big set.
    @Test(arguments: [1, 2, 3, 4, 7, 16])
    func shardsPartitionTheIDs(_ count: Int) throws {
        var owners: [String: [Int]] = [:]
        for index in 1...count {
            let shard = try #require(Shard(index: index, count: count))
            let ids = Self.manyIDs.filter(shard.contains)
            #expect(!ids.isEmpty)
            for id in ids { owners[id, default: []].append(index) }
        }
        #expect(owners.count == Self.manyIDs.count)
        #expect(owners.values.allSatisfy { $0.count == 1 })
    }

    /// A scenario's shard depends on its id alone (never on the other scenarios): the same on every run
    /// and every machine.
    @Test func shardsAreStable() throws {
        // Fixed values (FNV-1a of the id's UTF-8, modulo the count): a change to the split would move
        // scenarios between CI jobs.
        let known: [(id: String, count: Int, shard: Int)] = [
            ("", 4, 2), ("a", 4, 1), ("upload/pause/resumes", 4, 3), ("list/paging/first-page", 4, 2),
            ("upload-files/manage-uploads/pausing-and-resuming-an-upload-delivers-every-byte", 3, 2),
            ("upload-files/manage-uploads/cancelling-an-upload-fails-it-with-cancelled", 3, 2),
        ]
        for entry in known {
            #expect(Self.shard(of: entry.id, count: entry.count) == entry.shard, "\(entry.id)")
        }
    }

    /// The 1-based shard of `count` that holds `id`.
    static func shard(of id: String, count: Int) -> Int {
        (1...count).first { Shard(index: $0, count: count)?.contains(id) == true } ?? 0
    }

    @Test func aShardSelectsOnlyItsScenarios() throws {
        var union: [String] = []
        for index in 1...3 {
            let shard = try #require(Shard(index: index, count: 3))
            let ids = Self.selected(ScenarioSelection(shard: shard))
            #expect(ids.allSatisfy(shard.contains))
            union += ids
        }
        #expect(union.sorted() == Self.scenarios.map(\.id).sorted())
    }
}
