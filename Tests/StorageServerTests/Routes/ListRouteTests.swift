import Foundation
import StorageAPI
import Testing

@Suite struct ListRouteTests {
    private func served(with names: [String]) throws -> ServedStorage {
        let served = try ServedStorage()
        for name in names { try served.seed(name, "x") }
        return served
    }

    @Test func v0ListsAcceptOnlyTheSlashDelimiter() throws {
        let served = try ServedStorage()
        try served.seed("x-secret", "data")
        for delimiter in ["-", "x", "%2F%2F"] {
            let response = try served.send("GET", "/v0/b/bkt/o?prefix=x-&delimiter=\(delimiter)")
            #expect(response.status == 400, "\(delimiter)")
        }
        #expect(try served.send("GET", "/v0/b/bkt/o?prefix=&delimiter=%2F").status == 200)
        #expect(try served.send("GET", "/v0/b/bkt/o?delimiter=").status == 200)
    }

    @Test func listsPrefixesAndItemsUnderAPrefix() throws {
        let served = try served(with: ["photos/a.jpg", "photos/2024/b.jpg", "photos/c.jpg", "other"])
        let response = try served.send("GET", "/v0/b/bkt/o?prefix=photos%2F&delimiter=%2F")
        #expect(response.status == 200)
        #expect(response.json["prefixes"] as? [String] == ["photos/2024/"])
        let items = try #require(response.json["items"] as? [[String: String]])
        #expect(items == [["name": "photos/a.jpg", "bucket": "bkt"], ["name": "photos/c.jpg", "bucket": "bkt"]])
        #expect(response.json["nextPageToken"] == nil)
    }

    @Test func rootWithoutPrefixAndEmptyBucket() throws {
        let served = try served(with: ["a", "d/x"])
        let root = try served.send("GET", "/v0/b/bkt/o?delimiter=/")
        #expect(root.json["prefixes"] as? [String] == ["d/"])
        let empty = try served.send("GET", "/v0/b/empty/o")
        #expect(empty.status == 200)
        #expect(empty.json["prefixes"] as? [String] == [])
        #expect((empty.json["items"] as? [Any])?.isEmpty == true)
    }

    @Test func pagesFollowTheToken() throws {
        let served = try served(with: ["p/a", "p/b", "p/c/d"])
        let first = try served.send("GET", "/v0/b/bkt/o?prefix=p/&delimiter=/&maxResults=2")
        let token = try #require(first.json["nextPageToken"] as? String)
        #expect((first.json["items"] as? [[String: String]])?.map { $0["name"] } == ["p/a", "p/b"])
        let second = try served.send(
            "GET", "/v0/b/bkt/o?prefix=p/&delimiter=/&maxResults=2&pageToken=\(GCSEscaping.queryEscape(token))")
        #expect(second.json["prefixes"] as? [String] == ["p/c/"])
        #expect(second.json["nextPageToken"] == nil)
        let emptyToken = try served.send("GET", "/v0/b/bkt/o?prefix=p/&delimiter=/&pageToken=")
        #expect(emptyToken.status == 200)
    }

    @Test(arguments: ["0", "1001", "abc", "-1", "1.5", ""])
    func maxResultsOutOfRangeOrNotANumberIs400(value: String) throws {
        let served = try ServedStorage()
        let response = try served.send("GET", "/v0/b/bkt/o?maxResults=\(value)")
        #expect(response.status == 400)
        #expect(response.errorMessage?.contains("maxResults") == true)
    }

    @Test func badPrefixesTokensAndDeniedLists() throws {
        let served = try served(with: ["a/b"])
        #expect(try served.send("GET", "/v0/b/bkt/o?prefix=a").status == 400)
        #expect(try served.send("GET", "/v0/b/bkt/o?pageToken=not-a-token").status == 400)
        served.backend.setRules(StorageRules(version: 1, entries: StorageRules.allowAll.entries), bucket: "bkt")
        let denied = try served.send("GET", "/v0/b/bkt/o")
        #expect(denied.status == 403)
        #expect(denied.errorCode == 403)
    }
}
