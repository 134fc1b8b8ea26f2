import SecurityRules
import StorageAPI
import Testing

/// `request.params` is the request's query parameters, as the Firebase rules reference has it: a rule on
/// `alt` tells a download (`?alt=media`) from a metadata read of the same object.
@Suite struct RulesRequestParamsTests {
    static let rules = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o/{all=**} {
            allow read: if request.params.alt == 'media';
          }
        }
        """

    @Test func aRuleOnAltAllowsTheDownloadAndDeniesTheMetadata() throws {
        let served = try ServedStorage()
        try served.seed("f.txt", "hello")
        served.backend.setRules(try RulesProgram(RulesSource(name: "storage.rules", text: Self.rules)), bucket: "bkt")
        let download = try served.send("GET", "/v0/b/bkt/o/f.txt?alt=media")
        #expect(download.status == 200)
        #expect(download.text == "hello")
        #expect(try served.send("GET", "/v0/b/bkt/o/f.txt").status == 403)
        #expect(try served.send("GET", "/v0/b/bkt/o/f.txt?alt=json").status == 403)
    }
}
