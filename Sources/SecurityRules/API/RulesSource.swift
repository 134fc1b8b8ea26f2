/// A rules file's text and the name its errors are reported under (`storage.rules`, a scenario's path).
public struct RulesSource: Sendable, Hashable {
    public var name: String
    public var text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}
