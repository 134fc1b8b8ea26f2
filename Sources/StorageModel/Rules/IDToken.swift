import Foundation

/// Firebase ID tokens as this project mints and reads them: unsigned JWTs (`alg: none`) whose
/// `user_id` claim is the uid, the form the Firebase emulator accepts from `mockUserToken`.
public enum IDToken {
    /// An unsigned token for `uid`.
    public static func unsigned(uid: String, projectID: String = "demo-conformance") -> String {
        let header = #"{"alg":"none","typ":"JWT"}"#
        let claims: [String: String] = [
            "user_id": uid, "sub": uid, "aud": projectID, "iss": "https://securetoken.google.com/\(projectID)",
        ]
        let payload = (try? JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])) ?? Data()
        return base64URL(Data(header.utf8)) + "." + base64URL(payload) + "."
    }

    /// A token no service can read: what the scenario user `invalid` sends.
    public static let malformed = "not-a-valid-id-token"

    /// The uid a token carries (`user_id`, else `sub`), or nil when it is not a readable JWT.
    public static func uid(from token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = decodeBase64URL(parts[1]),
            let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any]
        else { return nil }
        if let uid = object["user_id"] as? String, !uid.isEmpty { return uid }
        if let uid = object["sub"] as? String, !uid.isEmpty { return uid }
        return nil
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func decodeBase64URL(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
