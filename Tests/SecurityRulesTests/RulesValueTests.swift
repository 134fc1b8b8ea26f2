import Foundation
import SecurityRules
import Testing

@Suite struct RulesValueTests {
    @Test func claimsFromJSON() throws {
        let json = Data(
            #"{"admin": true, "level": 3, "ratio": 0.5, "name": "a", "groups": ["x"], "nested": {"n": null}}"#.utf8)
        let object = try JSONSerialization.jsonObject(with: json)
        let value = try #require(RulesValue(jsonObject: object))
        #expect(
            value
                == .map([
                    "admin": .bool(true), "level": .int(3), "ratio": .float(0.5), "name": .string("a"),
                    "groups": .list([.string("x")]), "nested": .map(["n": .null]),
                ]))
        guard case .map(let claims) = value else { return }
        let request = Rules.request(.get, "a", uid: "u", token: claims)
        #expect(try Rules.evaluates("request.auth.token.admin && request.auth.token.level == 3", request).allowed)
    }
}
