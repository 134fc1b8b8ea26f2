import Primitives
import YAMLReader

/// Reads the steps of one scenario in order, keeping the names they define so each step may use only the
/// names of the steps before it.
///
/// A step with errors is reported and dropped, but its `as:` name is still defined, so one mistake does
/// not make every later use of the name an error too.
///
/// Decisions where docs/scenario-language.md is silent: `as:` takes a bare name (`as: $up` is an error, since it
/// reads like a use); `bucket` cannot be redefined; only the verbs that produce something take `as:`
/// (not pause, resume, cancel, await, removeObserver, removeAllObservers, delete); pause, resume, cancel,
/// observe and the observer removals take no `expect:` (they cannot fail).
struct StepDecoding {
    let context: DecodingContext
    private(set) var scope = NameScope()
    private var silentTriggers = SilentTriggerLint()

    init(context: DecodingContext) {
        self.context = context
    }

    mutating func decode(_ node: YAMLNode) -> Step? {
        guard case .mapping(let pairs) = node.value, let first = pairs.first else {
            context.error(
                "a step is a mapping that starts with its verb (\(Verb.names.prefix(3).joined(separator: ", ")), …), found \(node.summary)",
                at: node)
            return nil
        }
        guard let verbName = first.key.stringValue, let verb = Verb(rawValue: verbName) else {
            reportUnknownVerb(first.key, pairs: pairs)
            if let nameNode = pairs.first(where: { $0.key.stringValue == "as" })?.value,
                let text = nameNode.stringValue,
                Identifier.isValid(text)
            {
                scope.define(text, as: .unknown, at: nameNode, context: context)
            }
            return nil
        }
        let errors = context.errorCount
        let fields = MappingFields(
            checking: first.key, pairs: Array(pairs.dropFirst()), owner: verb.rawValue, allowed: verb.stepKeys,
            context: context,
            explain: verb.explainRejected)
        let decoded = StepActionDecoding(verb: verb, fields: fields, scope: scope, context: context).decode(first.value)
        let trigger = fields["when"].flatMap { TriggerDecoding.decode($0, context: context) }
        let expectation = fields["expect"].flatMap { decodeExpectation(verb, decoded?.action, $0) }
        let nameNode = nameNode(of: verb, fields: fields, inner: decoded?.innerName)
        var name: String?
        if let nameNode, let product = verb.product, let text = asName(nameNode) {
            scope.define(text, as: product, at: nameNode, context: context)
            name = text
        }
        guard context.errorCount == errors, let action = decoded?.action else { return nil }
        let step = Step(
            action: action, name: name, trigger: trigger, expectation: expectation, location: first.key.location)
        silentTriggers.check(step, fields: fields, context: context)
        return step
    }

    private func reportUnknownVerb(_ key: YAMLNode, pairs: [YAMLPair]) {
        if let later = pairs.dropFirst().first(where: { $0.key.stringValue.flatMap(Verb.init(rawValue:)) != nil }) {
            context.error("a step starts with its verb: move \(later.key.keyText) before \(key.keyText)", at: key)
            return
        }
        let text = key.keyText
        context.error("unknown verb \(YAMLNode.quoted(text))\(Suggestion.hint(for: text, in: Verb.names))", at: key)
    }

    /// The `as:` node: at the step, or for observe inside its mapping (either, not both).
    private func nameNode(of verb: Verb, fields: MappingFields, inner: YAMLNode?) -> YAMLNode? {
        let outer = fields["as"]
        if let inner, let outer {
            context.error("observe is named twice: keep as: inside observe: { … }", at: outer)
            return inner
        }
        return inner ?? outer
    }

    /// The name `as:` defines: a bare name (`up`).
    private func asName(_ node: YAMLNode) -> String? {
        guard let text = context.string(node, "as") else { return nil }
        if text.hasPrefix("$"), Identifier.isValid(String(text.dropFirst())) {
            context.error("as: defines a name: write \(text.dropFirst()), not \(text)", at: node)
            return nil
        }
        guard Identifier.isValid(text) else {
            context.error(
                "as: a name is letters, digits and _ and starts with a letter or _, found \(node.summary)", at: node)
            return nil
        }
        return text
    }

    private func decodeExpectation(_ verb: Verb, _ action: StepAction?, _ node: YAMLNode) -> Expectation? {
        guard var subject = verb.expectationSubject else { return nil }
        var mover: String?
        if case .await(let task)? = action, case .task(let known)? = scope.kind(of: task) {
            subject = .transfer(known)
            mover = "$" + task
        }
        return ExpectationDecoding(verb: verb.rawValue, mover: mover, subject: subject, scope: scope, context: context)
            .decode(node)
    }
}
