import Foundation
import Primitives

/// Firebase ID tokens as this project mints and reads them: unsigned JWTs (`alg: none`) whose
/// `user_id` claim is the uid, the form the Firebase emulator accepts from `mockUserToken`.
public enum IDToken {
    /// An unsigned token for `uid`.
    public static func unsigned(uid: String, projectID: String = "demo-conformance") -> String {
        let header = JSONValue.members(["alg": .string("none"), "typ": .string("JWT")])
        let claims = JSONValue.members([
            "aud": .string(projectID), "iss": .string("https://securetoken.google.com/\(projectID)"),
            "sub": .string(uid), "user_id": .string(uid),
        ])
        return Base64.encode(header.data, alphabet: .url) + "." + Base64.encode(claims.data, alphabet: .url) + "."
    }

    /// A token no service can read: what the scenario user `invalid` sends.
    public static let malformed = "not-a-valid-id-token"

    /// The uid a token carries (`user_id`, else `sub`), or nil when it is not a readable JWT.
    public static func uid(from token: String) -> String? {
        claims(from: token).flatMap(uid(in:))
    }

    /// The claims of a readable JWT (its payload, a JSON object), or nil.
    package static func claims(from token: String) -> JSONValue? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, case .success(let payload) = Base64.decode(parts[1], alphabet: .url),
            let claims = try? JSONParser.parse(Data(payload)), case .object = claims
        else { return nil }
        return claims
    }

    /// The uid of a token's claims: `user_id`, else `sub`; nil when neither is a non-empty string.
    package static func uid(in claims: JSONValue) -> String? {
        for claim in ["user_id", "sub"] {
            if let uid = claims[claim]?.stringValue, !uid.isEmpty { return uid }
        }
        return nil
    }
}
