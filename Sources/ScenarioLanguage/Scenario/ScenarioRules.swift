import SecurityRules
import StorageAPI

/// `given.rules`: the security rules of the scenario's bucket, written as the shorthand (`allow:`), as rules text
/// (`source:`) or as a rules file beside the scenario (`file:`). Every form reaches a target as rules text.
public struct ScenarioRules: Sendable, Equatable {
    /// How the scenario wrote the rules.
    public enum Form: Sendable, Equatable {
        /// `version:` and `allow:`, written as rules by `StorageRules.source`.
        case shorthand(StorageRules)
        /// `source:`: rules text in the scenario.
        case inline
        /// `file:`: a rules file; the path as written, relative to the scenario file.
        case file(String)
    }

    public var form: Form
    /// The rules text a target is given, named after where it came from (the rules file's path, the scenario
    /// file's path for `source:`, `shorthand.rules` for the shorthand).
    public var source: RulesSource

    public init(form: Form, source: RulesSource) {
        self.form = form
        self.source = source
    }

    /// The shorthand's rules.
    public init(_ shorthand: StorageRules) {
        self.init(
            form: .shorthand(shorthand), source: RulesSource(name: StorageRules.sourceName, text: shorthand.source))
    }

    /// The shorthand, when the rules were written that way.
    public var shorthand: StorageRules? {
        if case .shorthand(let rules) = form { return rules }
        return nil
    }

    /// One line for a transcript: how the rules were given.
    public var summary: String {
        switch form {
        case .shorthand(let rules): "the shorthand (version \(rules.version), \(rules.entries.count) entries)"
        case .inline: "rules source in the scenario"
        case .file(let path): "the rules file \(path)"
        }
    }
}
