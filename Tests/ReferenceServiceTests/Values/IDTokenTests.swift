import Primitives
import StorageAPI
import Testing

@Suite struct IDTokenTests {
    @Test func idTokensCarryTheirUid() {
        let token = IDToken.unsigned(uid: "alice/ü")
        #expect(IDToken.uid(from: token) == "alice/ü")
        #expect(IDToken.uid(from: IDToken.malformed) == nil)
        #expect(IDToken.uid(from: "e30." + Base64.encode(Array(#"{"sub":"bob"}"#.utf8), alphabet: .url) + ".") == "bob")
    }
}
