/// A signed-in user as the rules see it: `request.auth.uid` and `request.auth.token` (the token's claims).
public struct RulesAuth: Sendable, Equatable {
    public var uid: String
    public var token: [String: RulesValue]

    /// The names the rules read the user's fields by: `request.auth.uid`, `request.auth.token`.
    public static var fieldNames: [String] { KnownField.ofAuth.map(\.rawValue) }

    public init(uid: String, token: [String: RulesValue] = [:]) {
        self.uid = uid
        self.token = token
    }
}
