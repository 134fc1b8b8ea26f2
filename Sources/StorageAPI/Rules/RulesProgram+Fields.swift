import Primitives
import SecurityRules

extension RulesProgram {
    /// Every read of a field `request`, `request.auth`, `resource` or `request.resource` does not have, as an
    /// error (`unknownFields(objectFields:)`), an object's fields being those the table shows the rules
    /// (`ObjectField.seenByRules`): what `lint` refuses in a rules file and in a scenario's rules.
    public var unknownFields: [Diagnostic] {
        unknownFields(objectFields: ObjectField.seenByRules.map(\.wireName))
    }
}
