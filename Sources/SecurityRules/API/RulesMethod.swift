/// The rules method a request is checked against. `read` covers `get` and `list`; `write` covers `create`,
/// `update` and `delete`.
public enum RulesMethod: String, Sendable, CaseIterable {
    case get
    case list
    case create
    case update
    case delete
}
