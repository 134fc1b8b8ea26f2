import YAMLReader

/// Reads `expect:` of a step, with the keys its verb accepts (see `ExpectationSubject`).
///
/// Decisions where docs/scenario-language.md is silent: `error:` cannot be combined with keys that describe a
/// success (`metadata`, `fullPath`, `items`, …; `events`, `progress` and `observer` are fine);
/// `metadata:` applies to uploads and `data`/`size`/`sha256` to downloads; `expect: {}` only asks the
/// step to succeed; `expect: nil` (for ref) is the plain or quoted string `nil`, never YAML null.
struct ExpectationDecoding {
    let verb: String
    /// What moves the bytes, for messages: the verb, or `$up` for `await: up`.
    var mover: String?
    let subject: ExpectationSubject
    let scope: NameScope
    let context: DecodingContext

    func decode(_ node: YAMLNode) -> Expectation? {
        var expectation = Expectation(location: node.location)
        if case .reference = subject, node.stringValue == "nil" {
            expectation.isNil = true
            return expectation
        }
        guard case .mapping(let pairs) = node.value else {
            let expected = if case .reference = subject { "a mapping, or nil" } else { "a mapping" }
            var message = "expect: expected \(expected), found \(node.summary)"
            if node.isNull, case .reference = subject { message += " (write nil to expect no reference)" }
            context.error(message, at: node)
            return nil
        }
        let hasError = pairs.contains { $0.key.stringValue == "error" }
        let fields = MappingFields(
            checking: node, pairs: pairs, owner: "expect of \(verb)", allowed: subject.keys, context: context
        ) { key in
            guard key == "message", hasError else { return nil }
            return "message: goes inside error: write error: { code: …, message: … }"
        }
        let errors = context.errorCount
        if let errorKey = fields.keyNode("error"),
            let other = fields.pairs.first(where: {
                $0.key.stringValue.map(ExpectationSubject.successKeys.contains) == true
            })
        {
            context.error("expect: error cannot go with \(other.key.keyText), which describes a success", at: errorKey)
        }
        checkDirection(fields)
        for pair in fields.pairs {
            guard let key = pair.key.stringValue else { continue }
            read(key, pair.value, into: &expectation)
        }
        return context.errorCount == errors ? expectation : nil
    }

    private func checkDirection(_ fields: MappingFields) {
        guard case .transfer(let direction?) = subject else { return }
        if direction == .download, let key = fields.keyNode("metadata") {
            context.error(
                "expect: metadata is the final metadata of an upload; \(mover ?? verb) downloads (use getMetadata)",
                at: key)
        }
        if direction == .upload {
            for name in ["data", "size", "sha256"] {
                guard let key = fields.keyNode(name) else { continue }
                context.error("expect: \(name) checks downloaded bytes; \(mover ?? verb) uploads", at: key)
            }
        }
    }

    private func read(_ key: String, _ value: YAMLNode, into expectation: inout Expectation) {
        switch key {
        case "error": expectation.error = ErrorCodeDecoding.decode(value, scope: scope, context: context)
        case "fullPath": expectation.fullPath = template(value, key)
        case "name": expectation.name = template(value, key)
        case "bucket": expectation.bucket = template(value, key)
        case "description": expectation.description = template(value, key)
        case "equals":
            guard let name = context.nameReference(value, key) else { return }
            if scope.require(name, .reference, by: "equals", at: value, context: context) != nil {
                expectation.equals = name
            }
        case "events": expectation.events = EventPatternDecoding.decode(value, key, context: context)
        case "metadata": expectation.metadata = ExpectedMetadataDecoding(scope: scope, context: context).decode(value)
        case "data": expectation.data = DataSourceDecoding.decode(value, key, context: context)
        case "size": expectation.size = ByteSize.bytes(value, key, context: context)
        case "sha256": expectation.sha256 = sha256(value)
        case "progress": expectation.progress = progress(value)
        case "observer": expectation.observers = observers(value)
        case "matches":
            guard let template = template(value, key) else { return }
            guard context.regexCompiles(template) else {
                context.error(
                    "matches: \(YAMLNode.quoted(template.description)) is not a valid regular expression", at: value)
                return
            }
            expectation.matches = template
        case "prefixes": expectation.prefixes = templates(value, key)
        case "items": expectation.items = templates(value, key)
        case "pageToken": expectation.pageToken = pageToken(value)
        case "requests": expectation.requests = ObservedDecoding(context: context).requests(value)
        case "took": expectation.took = ObservedDecoding(context: context).took(value)
        case "sequence": expectation.sequence = ObservedDecoding(context: context).sequence(value)
        default: break
        }
    }

    private func template(_ node: YAMLNode, _ key: String) -> Template? {
        scope.template(node, key, context: context)
    }

    private func templates(_ node: YAMLNode, _ key: String) -> [Template]? {
        guard let items = context.sequence(node, key) else { return nil }
        let templates = items.compactMap { template($0, key) }
        return templates.count == items.count ? templates : nil
    }

    private func sha256(_ node: YAMLNode) -> String? {
        guard let text = context.string(node, "sha256") else { return nil }
        guard text.utf8.count == 64,
            text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) })
        else {
            context.error("sha256: expected 64 hexadecimal digits, found \(node.summary)", at: node)
            return nil
        }
        return text.lowercased()
    }

    private func progress(_ node: YAMLNode) -> ExpectedProgress? {
        guard
            let fields = MappingFields(
                node, key: "progress", owner: "progress", allowed: LanguageKeys.progress, context: context)
        else {
            return nil
        }
        guard !fields.pairs.isEmpty else {
            // Only unknown keys: already reported.
            if node.mappingPairs?.isEmpty == false { return nil }
            context.error("progress needs completed, total or both", at: node)
            return nil
        }
        let completed = fields["completed"].map { ByteSize.bytes($0, "completed", context: context) }
        let total = fields["total"].map { ByteSize.bytes($0, "total", context: context) }
        if completed == .some(nil) || total == .some(nil) { return nil }
        return ExpectedProgress(completed: completed.flatMap { $0 }, total: total.flatMap { $0 })
    }

    private func observers(_ node: YAMLNode) -> [ObserverExpectation]? {
        guard case .mapping(let pairs) = node.value else {
            context.typeMismatch("observer", expected: "a mapping of observer handles to event patterns", found: node)
            return nil
        }
        var result: [ObserverExpectation] = []
        for pair in pairs {
            guard let handle = context.nameReference(pair.key, "observer"),
                scope.require(handle, .observer, by: "observer", at: pair.key, context: context) != nil,
                let pattern = EventPatternDecoding.decode(pair.value, "observer \(handle)", context: context)
            else { continue }
            result.append(ObserverExpectation(handle: handle, pattern: pattern))
        }
        return result.count == pairs.count ? result : nil
    }

    private func pageToken(_ node: YAMLNode) -> PageTokenExpectation? {
        switch node.stringValue {
        case "present": return .present
        case "absent": return .absent
        default: return template(node, "pageToken").map { .equals($0) }
        }
    }
}
