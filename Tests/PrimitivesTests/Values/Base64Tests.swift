import Foundation
import Primitives
import Testing

@Suite struct Base64Tests {
    /// RFC 4648 §10.
    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ])
    func rfcVectors(plain: String, encoded: String) {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
        #expect(Base64.decode(encoded) == .success(Array(plain.utf8)))
        let unpadded = encoded.replacingOccurrences(of: "=", with: "")
        #expect(Base64.encode(Array(plain.utf8), alphabet: .url) == unpadded)
        #expect(Base64.decode(unpadded, alphabet: .url) == .success(Array(plain.utf8)))
    }

    @Test func agreesWithFoundationOnEveryLengthAndByte() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let foundation = Data(bytes).base64EncodedString()
            #expect(Base64.encode(bytes) == foundation)
            #expect(Base64.decode(foundation) == .success(bytes))
            let url = foundation.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(Base64.encode(bytes, alphabet: .url) == url)
            #expect(Base64.decode(url, alphabet: .url) == .success(bytes))
        }
    }

    @Test(arguments: [
        ("Zm9v-_", Base64.Alphabet.standard, "\"-\" at character 5 is not a base64 character"),
        ("Zm+/", .url, "\"+\" at character 3 is not a base64 character"),
        ("Zg==", .url, "\"=\" at character 3 is not a base64 character"),
        ("Zg==Zg", .standard, "nothing may follow the = padding (character 5)"),
        ("Zm9v=", .standard, "unexpected = padding"),
        ("Zg=", .standard, "wrong = padding (expected ==)"),
        ("Zm8==", .standard, "wrong = padding (expected =)"),
        ("Zm9vY", .standard, "the text ends in the middle of a byte (a base64 length is never 4n+1)"),
        ("Zh", .url, "the last character carries bits beyond the data"),
        ("Zm9v\nYmFy", .standard, "byte 10 at character 5 is not a base64 character"),
    ])
    func refusesWithAReason(text: String, alphabet: Base64.Alphabet, message: String) {
        #expect(Base64.decode(text, alphabet: alphabet) == .failure(Base64.Problem(message: message)))
    }

    @Test func skipsWhitespaceOnlyWhenAsked() {
        #expect(Base64.decode("Zm9v\n YmFy\t\r\n", skippingWhitespace: true) == .success(Array("foobar".utf8)))
    }
}
