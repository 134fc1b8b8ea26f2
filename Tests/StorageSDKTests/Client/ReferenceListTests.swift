import Foundation
import StorageAPI
import StorageSDK
import Testing

/// `list(maxResults:pageToken:)` and `listAll()` (docs/semantics.md §8).
@Suite struct ReferenceListTests {
    static func storage(holding names: [String]) throws -> (Storage, RecordingBackend) {
        let (storage, backend) = makeRecordedStorage()
        for name in names {
            try backend.inner.seed(bucket: "bucket", name: name, data: Data())
        }
        return (storage, backend)
    }

    static func paths(_ references: [StorageReference]) -> [String] { references.map(\.fullPath) }

    static let guideNames = ["correctPrefix/happyItem", "wrongPrefix//sadItem", "lonelyItem/"]

    @Test func theGuidesExampleAtTheRoot() throws {
        let (storage, _) = try Self.storage(holding: Self.guideNames)
        let result = try storage.reference().listAll()
        #expect(Self.paths(result.prefixes) == ["correctPrefix", "lonelyItem", "wrongPrefix"])
        #expect(result.items.isEmpty)
        #expect(result.pageToken == nil)
        #expect(result.prefixes.first == storage.reference(withPath: "correctPrefix"))
    }

    @Test(arguments: [
        ("correctPrefix", [String](), ["correctPrefix/happyItem"]),
        ("wrongPrefix", [], []),
        ("lonelyItem", [], []),
        ("correctPrefix/happyItem", [], []),
        ("nothingHere", [], []),
    ])
    func theGuidesExampleBelowTheRoot(path: String, prefixes: [String], items: [String]) throws {
        let (storage, _) = try Self.storage(holding: Self.guideNames)
        let result = try storage.reference(withPath: path).listAll()
        #expect(Self.paths(result.prefixes) == prefixes)
        #expect(Self.paths(result.items) == items)
        #expect(result.items.map(\.name) == items.map { String($0.split(separator: "/").last ?? "") })
    }

    static let userFiles = [
        "files/uid/a.txt", "files/uid/b.txt", "files/uid/c/d.txt", "files/uid/e.txt", "files/uid/f/g/h.txt",
        "files/other/x.txt", "files/uid.txt",
    ]

    @Test func listAllOfAUsersFolder() throws {
        let (storage, backend) = try Self.storage(holding: Self.userFiles)
        let result = try storage.reference(withPath: "files/uid").listAll()
        #expect(Self.paths(result.prefixes) == ["files/uid/c", "files/uid/f"])
        #expect(Self.paths(result.items) == ["files/uid/a.txt", "files/uid/b.txt", "files/uid/e.txt"])
        #expect(result.pageToken == nil)
        #expect(backend.calls == [.list(prefix: "files/uid/", maxResults: nil, pageToken: nil)])
    }

    @Test func pagedListGivesEveryEntryOnceInOrder() throws {
        let (storage, backend) = try Self.storage(holding: Self.userFiles)
        let reference = storage.reference(withPath: "files/uid")
        var pages: [[String]] = []
        var tokens: [String?] = []
        var token: String?
        repeat {
            let page = try reference.list(maxResults: 2, pageToken: token)
            pages.append(Self.paths(page.prefixes).map { $0 + "/" } + Self.paths(page.items))
            tokens.append(page.pageToken)
            token = page.pageToken
        } while token != nil && pages.count < 10
        #expect(
            pages == [["files/uid/a.txt", "files/uid/b.txt"], ["files/uid/c/", "files/uid/e.txt"], ["files/uid/f/"]])
        #expect(tokens.dropLast().allSatisfy { $0 != nil })
        #expect(tokens.last == .some(nil))
        #expect(backend.calls(.list).count == 3)
        #expect(backend.calls.first == .list(prefix: "files/uid/", maxResults: 2, pageToken: nil))
    }

    @Test func theSDKsIntegrationPaging() throws {
        let (storage, _) = try Self.storage(holding: ["list/a", "list/b", "list/prefix/c"])
        let reference = storage.reference(withPath: "list")
        let first = try reference.list(maxResults: 2)
        #expect(Self.paths(first.items) == ["list/a", "list/b"])
        #expect(first.prefixes.isEmpty)
        let token = try #require(first.pageToken)
        let second = try reference.list(maxResults: 2, pageToken: token)
        #expect(second.items.isEmpty)
        #expect(Self.paths(second.prefixes) == ["list/prefix"])
        #expect(second.pageToken == nil)
        let all = try reference.listAll()
        #expect(Self.paths(all.items) == ["list/a", "list/b"])
        #expect(Self.paths(all.prefixes) == ["list/prefix"])
    }

    @Test(arguments: [Int64(0), 1001, 22222, -1, .max, .min])
    func maxResultsOutOfRangeThrowsWithoutARequest(maxResults: Int64) throws {
        let (storage, backend) = try Self.storage(holding: ["a"])
        do {
            _ = try storage.reference(withPath: "a").list(maxResults: maxResults)
            Issue.record("list(maxResults: \(maxResults)) returned")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.code.rawValue == -13050)
            #expect(error.message == "Argument 'maxResults' must be between 1 and 1000 inclusive.")
        }
        #expect(backend.calls.isEmpty)
    }

    @Test(arguments: [Int64(1), 1000])
    func maxResultsAtTheBoundsIsAccepted(maxResults: Int64) throws {
        let (storage, backend) = try Self.storage(holding: ["a", "b"])
        let page = try storage.reference().list(maxResults: maxResults)
        #expect(page.items.count == min(Int(maxResults), 2))
        #expect(backend.calls == [.list(prefix: "", maxResults: Int(maxResults), pageToken: nil)])
    }

    @Test func theRootAndTheEmptyPathListTheSame() throws {
        let (storage, backend) = try Self.storage(holding: ["top", "dir/inner"])
        let fromRoot = try storage.reference().listAll()
        let fromEmptyPath = try storage.reference(withPath: "/").listAll()
        let fromParent = try #require(storage.reference(withPath: "top").parent()).listAll()
        #expect(Self.paths(fromRoot.items) == ["top"])
        #expect(Self.paths(fromRoot.prefixes) == ["dir"])
        #expect(fromEmptyPath == fromRoot)
        #expect(fromParent == fromRoot)
        #expect(try storage.reference().list(maxResults: 10) == fromRoot)
        #expect(
            backend.calls(.list).allSatisfy {
                if case .list(let prefix, _, _) = $0 { return prefix.isEmpty }
                return false
            })
    }

    @Test func listAllFollowsPagesOfTheService() throws {
        let names = (0..<1001).map { String(format: "many/%04d", $0) } + ["many/sub/x"]
        let (storage, backend) = try Self.storage(holding: names)
        let result = try storage.reference(withPath: "many").listAll()
        #expect(Self.paths(result.items) == Array(names.prefix(1001)))
        #expect(Self.paths(result.prefixes) == ["many/sub"])
        #expect(backend.calls(.list).count == 2)
    }

    @Test func listAllListsAPrefixRepeatedOnSeveralPagesOnce() throws {
        let names = (0..<1001).map { String(format: "rep/%04d", $0) }
        let (storage, backend) = try Self.storage(holding: names)
        backend.rewriteLists { page in
            ListPage(prefixes: ["rep/dup/"] + page.prefixes, items: page.items, nextPageToken: page.nextPageToken)
        }
        let result = try storage.reference(withPath: "rep").listAll()
        #expect(Self.paths(result.prefixes) == ["rep/dup"])
        #expect(result.items.count == 1001)
    }

    @Test func listAllStopsWhenTheServiceRepeatsAToken() throws {
        let names = (0..<1001).map { String(format: "loop/%04d", $0) }
        let (storage, backend) = try Self.storage(holding: names)
        let firstToken = Recorder<String>()
        backend.rewriteLists { page in
            if let token = page.nextPageToken { firstToken.append(token) }
            return ListPage(prefixes: page.prefixes, items: page.items, nextPageToken: firstToken.values.first)
        }
        do {
            _ = try storage.reference(withPath: "loop").listAll()
            Issue.record("listAll returned although the service repeated its token")
        } catch {
            #expect(error.code == .unknown)
        }
        #expect(backend.calls(.list).count == 2)
    }

    @Test func listAllFailsWhenAPageFails() throws {
        let names = (0..<1001).map { String(format: "fail/%04d", $0) }
        let (storage, backend) = try Self.storage(holding: names)
        storage.maxOperationRetryTime = 0  // no retry: the first failure is the answer
        backend.fail(.list, with: BackendError(status: 503, "Busy."), skipping: 1)
        do {
            _ = try storage.reference(withPath: "fail").listAll()
            Issue.record("listAll returned although a page failed")
        } catch {
            #expect(error.message == "Unexpected 503 code from backend")
        }
    }

    @Test(arguments: ["not-a-token", "%%%", ""])
    func aPageTokenTheServiceCannotReadIsAnUnknown400(token: String) throws {
        let (storage, _) = try Self.storage(holding: ["t/a", "t/b"])
        let reference = storage.reference(withPath: "t")
        if token.isEmpty {
            #expect(Self.paths(try reference.list(maxResults: 5, pageToken: token).items) == ["t/a", "t/b"])
        } else {
            let error = thrownError { try reference.list(maxResults: 5, pageToken: token) }
            #expect(error?.code == .unknown)
            #expect(error?.message == "Unknown 400 error from backend")
        }
    }

    @Test func rulesVersion1RefusesEveryList() throws {
        let (storage, backend) = try Self.storage(holding: ["files/a"])
        backend.inner.setRules(StorageRules(version: 1, entries: StorageRules.allowAll.entries), bucket: "bucket")
        for reference in [storage.reference(withPath: "files"), storage.reference()] {
            #expect(thrownError { try reference.list(maxResults: 10) }?.code == .unauthorized)
            #expect(thrownError { try reference.listAll() }?.code == .unauthorized)
        }
        let error = thrownError { try storage.reference(withPath: "files").listAll() }
        #expect(error?.message == "User does not have permission to access gs://bucket/files.")
        #expect(try storage.reference(withPath: "files/a").getMetadata().size == 0)
    }

    @Test func aSignedInOnlyListRuleNeedsAUser() throws {
        let (storage, backend) = try Self.storage(holding: ["files/uid/a"])
        backend.inner.setRules(
            StorageRules(entries: [StorageRules.Entry(path: "files/**", operations: [.list], requiresSignIn: true)]),
            bucket: "bucket")
        let reference = storage.reference(withPath: "files/uid")
        do {
            _ = try reference.listAll()
            Issue.record("a signed-out list returned")
        } catch {
            #expect(error.code == .unauthorized)
        }
        storage.signIn(uid: "uid")
        #expect(Self.paths(try reference.listAll().items) == ["files/uid/a"])
    }
}
