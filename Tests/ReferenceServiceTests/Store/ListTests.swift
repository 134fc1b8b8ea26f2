import Foundation
import ReferenceService
import StorageAPI
import Testing

@Suite struct ListTests {
    private func list(
        _ backend: ReferenceBackend, prefix: String = "", delimiter: String? = "/", maxResults: Int? = nil,
        pageToken: String? = nil
    ) throws(BackendError) -> ListPage {
        try backend.list(
            ListRequest(
                bucket: Fixtures.bucket, prefix: prefix, delimiter: delimiter, maxResults: maxResults,
                pageToken: pageToken))
    }

    private func seeded(_ names: [String]) throws -> ReferenceBackend {
        let backend = ReferenceBackend()
        for name in names { try backend.seed(bucket: Fixtures.bucket, name: name, data: Data(name.utf8)) }
        return backend
    }

    /// The list-files guide's example, exactly.
    @Test func guideExampleFiltersEmptySegments() throws {
        let backend = try seeded(["correctPrefix/happyItem", "wrongPrefix//sadItem", "lonelyItem/"])
        #expect(try list(backend) == ListPage(prefixes: ["correctPrefix/", "lonelyItem/", "wrongPrefix/"]))
        #expect(try list(backend, prefix: "correctPrefix/") == ListPage(items: ["correctPrefix/happyItem"]))
        #expect(try list(backend, prefix: "wrongPrefix/") == ListPage())
        #expect(try list(backend, prefix: "lonelyItem/") == ListPage())
    }

    @Test func invalidPrefixesAndPlaceholdersAreNotListed() throws {
        let backend = try seeded(["listAll//foo", "listAll/bar//", "listAll/baz//qux", "listAll/abc/", "/root", "//x"])
        #expect(
            try list(backend, prefix: "listAll/")
                == ListPage(prefixes: ["listAll/abc/", "listAll/bar/", "listAll/baz/"]))
        #expect(try list(backend, prefix: "listAll/abc/") == ListPage())
        #expect(try list(backend, prefix: "listAll/bar/") == ListPage())
        #expect(try list(backend) == ListPage(prefixes: ["listAll/"]))
        #expect(try list(backend, prefix: "/") == ListPage())
    }

    /// The SDK's paging test: items and prefixes share maxResults and the byte order.
    @Test func sdkPagingExample() throws {
        let backend = try seeded(["list/a", "list/b", "list/prefix/c"])
        let first = try list(backend, prefix: "list/", maxResults: 2)
        #expect(first.items == ["list/a", "list/b"])
        #expect(first.prefixes.isEmpty)
        let token = try #require(first.nextPageToken)
        let second = try list(backend, prefix: "list/", maxResults: 2, pageToken: token)
        #expect(second == ListPage(prefixes: ["list/prefix/"]))
    }

    @Test func itemsAndPrefixesMergeInByteOrder() throws {
        let backend = try seeded(["a-b", "a/x", "a0", "B", "b/y", "\u{E9}", "e\u{301}/z"])
        #expect(
            try Fixtures.listAll(backend, pageSize: 1).entries == ["B", "a-b", "a/", "a0", "b/", "e\u{301}/", "\u{E9}"])
        let page = try list(backend, maxResults: 4)
        #expect(page.items == ["B", "a-b", "a0"])
        #expect(page.prefixes == ["a/"])
    }

    @Test func everyEntryExactlyOnceAcrossManyPages() throws {
        var names: [String] = []
        for index in 0..<120 {
            names.append(String(format: "dir/item%03d", index))
            names.append(String(format: "dir/sub%03d/file", index / 3))
        }
        let backend = try seeded(names)
        let expected =
            (0..<120).map { String(format: "dir/item%03d", $0) } + (0..<40).map { String(format: "dir/sub%03d/", $0) }
        for pageSize in [1, 2, 3, 7, 50, 159, 160, 161, 1000] {
            let (entries, pages) = try Fixtures.listAll(backend, prefix: "dir/", pageSize: pageSize)
            #expect(entries == expected, "page size \(pageSize)")
            #expect(pages == max(1, (expected.count + pageSize - 1) / pageSize), "page size \(pageSize)")
        }
    }

    @Test func randomNamesAgreeWithABruteForceModel() throws {
        var random = SeededRandom(seed: 42)
        let alphabet = ["a", "b", "/", "-", "\u{E9}", "e\u{301}"]
        var names = Set<[UInt8]>()
        while names.count < 400 {
            let length = random.next(upTo: 6) + 1
            names.insert(Array((0..<length).map { _ in alphabet[random.next(upTo: alphabet.count)] }.joined().utf8))
        }
        let strings = names.map { String(decoding: $0, as: UTF8.self) }
        let backend = try seeded(strings)
        for (prefix, delimiter) in [
            ("", "/"), ("a/", "/"), ("b/", "/"), ("", "-"), ("a-", "-"), ("", "ab"), ("", nil), ("a/", nil),
        ] {
            let expected = bruteForce(strings, prefix: prefix, delimiter: delimiter)
            for pageSize in [1, 3, 1000] {
                let listed = try Fixtures.listAll(backend, prefix: prefix, delimiter: delimiter, pageSize: pageSize)
                    .entries
                #expect(firstDifference(listed, expected) == nil, "\(prefix) \(delimiter ?? "nil") \(pageSize)")
            }
        }
    }

    @Test func noTokenWhenOnlyUnlistableNamesRemain() throws {
        let backend = try seeded(["p/a", "p/b", "p//x", "p/", "p//"])
        let page = try list(backend, prefix: "p/", maxResults: 2)
        #expect(page == ListPage(items: ["p/a", "p/b"]))
        let withRoom = try list(backend, prefix: "p/", maxResults: 1)
        #expect(withRoom.items == ["p/a"])
        #expect(withRoom.nextPageToken != nil)
    }

    @Test func exactlyFullPageHasNoToken() throws {
        let backend = try seeded(["x/1", "x/2"])
        #expect(try list(backend, prefix: "x/", maxResults: 2) == ListPage(items: ["x/1", "x/2"]))
    }

    @Test func maxResultsOutsideTheRangeIs400() throws {
        let backend = try seeded(["a"])
        for bad in [0, -1, 1001, 22222] {
            #expect(status { try list(backend, maxResults: bad) } == 400, "\(bad)")
        }
        #expect(try list(backend, maxResults: 1000).items == ["a"])
        #expect(try list(backend, maxResults: 1).items == ["a"])
    }

    @Test func defaultPageIs1000() throws {
        let backend = try seeded((0..<1500).map { String(format: "n%04d", $0) })
        let first = try list(backend)
        #expect(first.items.count == 1000)
        let token = try #require(first.nextPageToken)
        let second = try list(backend, pageToken: token)
        #expect(second.items.count == 500)
        #expect(second.items.first == "n1000")
        #expect(second.nextPageToken == nil)
    }

    @Test func prefixMustBeEmptyOrEndWithTheDelimiter() throws {
        let backend = try seeded(["a/b"])
        #expect(status { try list(backend, prefix: "a") } == 400)
        #expect(status { try list(backend, prefix: "a/", delimiter: "-") } == 400)
        #expect(status { try list(backend, prefix: "a", delimiter: nil) } == 400)
        #expect(try list(backend, prefix: "a/", delimiter: nil).items == ["a/b"])
        #expect(try list(backend, prefix: "a//").items.isEmpty)
    }

    @Test func unreadablePageTokenIs400() throws {
        let backend = try seeded(["a", "b"])
        for token in ["garbage!", "AAAA", "%%%", "a", "AQ", "AnhhYmM", "AXphYmM"] {
            #expect(status { try list(backend, pageToken: token) } == 400, "\(token)")
        }
        #expect(try list(backend, pageToken: "") == ListPage(items: ["a", "b"]))
    }

    @Test func tokenResumesAfterItsEntryEvenWhenTheListingChanged() throws {
        let backend = try seeded(["d/a", "d/b", "d/c", "d/e"])
        let first = try list(backend, prefix: "d/", maxResults: 2)
        #expect(first.items == ["d/a", "d/b"])
        try backend.deleteObject(Fixtures.address("d/b"))
        try backend.seed(bucket: Fixtures.bucket, name: "d/a2", data: Data())
        try backend.seed(bucket: Fixtures.bucket, name: "d/d", data: Data())
        let token = try #require(first.nextPageToken)
        let second = try list(backend, prefix: "d/", maxResults: 2, pageToken: token)
        #expect(second.items == ["d/c", "d/d"])
        #expect(second.nextPageToken != nil)
    }

    @Test func tokenAfterAPrefixSkipsEverythingUnderIt() throws {
        let backend = try seeded(["p/0", "p/q/1", "p/q/2", "p/q/r/3", "p/q0", "p/z"])
        let first = try list(backend, prefix: "p/", maxResults: 2)
        #expect(first == ListPage(prefixes: ["p/q/"], items: ["p/0"], nextPageToken: first.nextPageToken))
        let token = try #require(first.nextPageToken)
        let second = try list(backend, prefix: "p/", maxResults: 2, pageToken: token)
        #expect(second == ListPage(items: ["p/q0", "p/z"]))
    }

    @Test func otherDelimiters() throws {
        let backend = try seeded(["x-1-a", "x-1-b", "x-2", "x/3", "y::z::w", "y::v"])
        #expect(try list(backend, delimiter: "-") == ListPage(prefixes: ["x-"], items: ["x/3", "y::v", "y::z::w"]))
        #expect(try list(backend, prefix: "x-", delimiter: "-") == ListPage(prefixes: ["x-1-"], items: ["x-2"]))
        #expect(
            try list(backend, delimiter: "::") == ListPage(prefixes: ["y::"], items: ["x-1-a", "x-1-b", "x-2", "x/3"]))
        #expect(try list(backend, prefix: "y::", delimiter: "::") == ListPage(prefixes: ["y::z::"], items: ["y::v"]))
    }

    @Test func recursiveListingHasNoPrefixes() throws {
        let backend = try seeded(["a/b/c", "a/d", "e", "f//g", "h/"])
        #expect(try list(backend, delimiter: nil) == ListPage(items: ["a/b/c", "a/d", "e"]))
        #expect(try list(backend, delimiter: "") == ListPage(items: ["a/b/c", "a/d", "e"]))
        #expect(try list(backend, prefix: "a/", delimiter: nil) == ListPage(items: ["a/b/c", "a/d"]))
    }

    @Test func emptyAndUnknownBucketsListNothing() throws {
        #expect(try list(ReferenceBackend()) == ListPage())
        let backend = try seeded(["a"])
        #expect(try backend.list(ListRequest(bucket: "other")) == ListPage())
    }

    /// Where two listings first differ byte for byte, described; nil when they are the same.
    private func firstDifference(_ listed: [String], _ expected: [String]) -> String? {
        for (index, (got, want)) in zip(listed, expected).enumerated() where !got.utf8.elementsEqual(want.utf8) {
            return "entry \(index): got \(Array(got.utf8)), expected \(Array(want.utf8))"
        }
        return listed.count == expected.count ? nil : "got \(listed.count) entries, expected \(expected.count)"
    }

    /// The listing rule, written independently: a name is an item when no delimiter follows the prefix,
    /// else it yields prefix + segment + delimiter; empty `/` segments are filtered.
    private func bruteForce(_ names: [String], prefix: String, delimiter: String?) -> [String] {
        func wellFormed(_ bytes: [UInt8]) -> Bool {
            !bytes.isEmpty
                && bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy {
                    !$0.isEmpty
                }
        }
        let prefixBytes = Array(prefix.utf8)
        var entries = Set<[UInt8]>()
        for name in names {
            let bytes = Array(name.utf8)
            guard bytes.starts(with: prefixBytes) else { continue }
            let rest = Array(bytes[prefixBytes.count...])
            if let delimiter, !delimiter.isEmpty {
                let d = Array(delimiter.utf8)
                if let at = (0..<max(0, rest.count - d.count + 1)).first(where: {
                    Array(rest[$0..<($0 + d.count)]) == d
                }) {
                    let segment = Array(rest[..<at])
                    if !segment.isEmpty && wellFormed(prefixBytes + segment) {
                        entries.insert(prefixBytes + segment + d)
                    }
                    continue
                }
            }
            if wellFormed(bytes) { entries.insert(bytes) }
        }
        return entries.sorted { $0.lexicographicallyPrecedes($1) }.map { String(decoding: $0, as: UTF8.self) }
    }
}

/// A small deterministic generator (64-bit LCG), so random tests repeat exactly.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(upTo bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
