/// A signed-in user as the rules see it: `request.auth.uid` and `request.auth.token` (the token's claims).
public struct RulesAuth: Sendable, Equatable {
    public var uid: String
    public var token: [String: RulesValue]

    public init(uid: String, token: [String: RulesValue] = [:]) {
        self.uid = uid
        self.token = token
    }
}
