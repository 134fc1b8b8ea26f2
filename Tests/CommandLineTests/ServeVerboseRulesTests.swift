import FirebaseV0
import Foundation
import StorageAPI
import Testing

/// `serve --verbose --rules FILE`: each request the rules decided carries the decision on its log line, a denial
/// with the `match`, the `allow` and the part of its condition that was false.
@Suite("serve --verbose logs rules decisions") struct ServeVerboseRulesTests {
    @Test func aDeniedAndAnAllowedRequestEachLogTheirDecision() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("storage.rules", ServeRulesTests.userFiles)
        let binary = try #require(SpawnedTool.binary, "build the storage-conformance product first")
        let serve = try SpawnedTool(binary, ["serve", "--port", "0", "--verbose", "--rules", path], in: folder.url)
        defer {
            serve.terminate()
            _ = serve.waitForExit(timeout: 10)
        }
        let announced = try #require(serve.waitForOutput(matching: "http://127\\.0\\.0\\.1:([0-9]+)\n", timeout: 30))
        let port = try #require(Int(announced))
        let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let client = FirebaseV0Client(baseURL: url, requestTimeout: 10)
        let own = ObjectAddress(bucket: "bkt", name: "users/alice/a.txt", auth: IDToken.unsigned(uid: "alice"))
        let stranger = ObjectAddress(bucket: "bkt", name: "users/alice/a.txt", auth: IDToken.unsigned(uid: "bob"))
        _ = try client.uploadObject(own, data: Data("a".utf8), metadata: ObjectMetadataFields())
        #expect(throws: BackendError.self) { try client.getMetadata(stranger) }
        _ = try client.getMetadata(own)

        let denial =
            " 403 " + ".* rules: denied: no allow grants the get of /b/bkt/o/users/alice/a.txt: 'allow read, write' at "
            + "\(path):5:7 under match /b/{bucket}/o at \(path):3:3, match /users/{userId}/{allPaths=**} at "
            + "\(path):4:5: request.auth.uid == userId at \(path):5:70 is false "
            + "(request.auth.uid is 'bob', userId is 'alice')\n"
        #expect(ServeRulesTests.eventually { Self.line(in: serve.output, matching: denial) }, "\(serve.output)")
        let grant = "GET .* 200 .* rules: get allowed by 'allow read, write' at \(path):5:7\n"
        #expect(ServeRulesTests.eventually { Self.line(in: serve.output, matching: grant) }, "\(serve.output)")
        // A write decided twice (from its head, then whole) logs the decision once.
        let create = "POST .* 200 .* rules: create allowed by 'allow read, write' at \(path):5:7\n"
        #expect(Self.line(in: serve.output, matching: create), "\(serve.output)")
        #expect(serve.output.components(separatedBy: "rules: create allowed").count == 2, "\(serve.output)")
    }

    private static func line(in output: String, matching pattern: String) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: pattern).replacingOccurrences(of: "\\.\\*", with: ".*")
        return output.range(of: escaped, options: .regularExpression) != nil
    }
}
