import Primitives
import SecurityRules
import StorageAPI

/// Who makes a request, as the rules see it: nobody, or a user with the claims of their ID token.
struct Caller: Sendable {
    /// Nil when signed out.
    let uid: String?
    /// The token's claims (a JSON object), read into `request.auth.token` only when rules ask.
    private let claims: JSONValue?

    static let signedOut = Caller(uid: nil, claims: nil)

    /// The longest ID token accepted, in bytes (Firebase's are ~1 KB: custom claims are at most 1,000 bytes).
    static let tokenBytes = 16 * 1024

    private init(uid: String?, claims: JSONValue?) {
        self.uid = uid
        self.claims = claims
    }

    /// A user known only by uid (an upload restored from a data directory keeps no token): the claims hold
    /// `sub` and `user_id`.
    static func signedIn(uid: String) -> Caller {
        Caller(uid: uid, claims: .object([.init("sub", .string(uid)), .init("user_id", .string(uid))]))
    }

    /// Reads the caller's raw ID token: nil is signed out; a token that cannot be read is 401.
    init(auth: String?) throws(BackendError) {
        guard let auth else {
            self = .signedOut
            return
        }
        // The token is unsigned, so its size is the caller's choice: bounded, so that no rule reading its claims
        // costs more than a real one would (issue 36 item 9; docs/limits.md).
        guard auth.utf8.count <= Self.tokenBytes else {
            throw .unauthenticated(
                "Invalid authentication token: it is longer than \(Self.tokenBytes) bytes.")
        }
        guard let claims = IDToken.claims(from: auth), let uid = IDToken.uid(in: claims) else {
            throw .unauthenticated("Invalid authentication token: it is not a readable Firebase ID token.")
        }
        self.init(uid: uid, claims: claims)
    }

    /// `request.auth`: nil when signed out.
    var rulesAuth: RulesAuth? {
        guard let uid else { return nil }
        guard case .object(let members) = claims else { return RulesAuth(uid: uid) }
        var token: [String: RulesValue] = [:]
        for member in members { token[member.key] = Self.rulesValue(member.value) }
        return RulesAuth(uid: uid, token: token)
    }

    /// A claim as the rules read it: numbers without a fraction or exponent that fit 64 bits are ints.
    private static func rulesValue(_ value: JSONValue) -> RulesValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text):
            if let integer = JSONValue.decimalInteger(text) { return .int(integer) }
            return Double(text).map { .float($0) } ?? .null
        case .string(let text): return .string(text)
        case .array(let items): return .list(items.map(rulesValue))
        case .object(let members):
            var entries: [String: RulesValue] = [:]
            for member in members { entries[member.key] = rulesValue(member.value) }
            return .map(entries)
        }
    }
}
