import StorageSDK
import YAMLReader

/// Reads a step's verb value and the keys next to it into a `StepAction`.
///
/// Decisions where docs/scenario-language.md is silent: `chunkSize` is at least 1 byte; `toFile` is a relative
/// path without `..` (it is written inside the run's scratch folder); `observe` may carry its `as:` inside
/// its mapping (as documented) or next to it.
struct StepActionDecoding {
    /// The action (nil when it had errors) and, for observe, the `as:` inside its mapping.
    struct Result {
        var action: StepAction?
        var innerName: YAMLNode?
    }

    /// `status:` of observe and removeAllObservers.
    private enum StatusChoice {
        case absent, invalid
        case some(StorageTaskStatus)
    }

    let verb: Verb
    let fields: MappingFields
    let scope: NameScope
    let context: DecodingContext

    private var references: ReferenceDecoding { ReferenceDecoding(verb: verb.rawValue, scope: scope, context: context) }

    func decode(_ value: YAMLNode) -> Result? {
        switch verb {
        case .ref: return Result(action: references.spec(value).map { .ref($0) })
        case .put: return Result(action: put(value))
        case .getData:
            let operand = references.operand(value)
            let maxSize = required("maxSize", "the largest download accepted, like 1MiB").flatMap {
                ByteSize.bytes($0, "maxSize", context: context)
            }
            guard let operand, let maxSize else { return nil }
            return Result(action: .getData(operand, maxSize: maxSize))
        case .write:
            let operand = references.operand(value)
            let file = required("toFile", "a file name in the run's scratch folder").flatMap(scratchFile)
            guard let operand, let file else { return nil }
            return Result(action: .write(operand, toFile: file))
        case .pause: return Result(action: task(value).map { .pause(task: $0) })
        case .resume: return Result(action: task(value).map { .resume(task: $0) })
        case .cancel: return Result(action: task(value).map { .cancel(task: $0) })
        case .await: return Result(action: task(value).map { .await(task: $0) })
        case .observe, .removeObserver, .removeAllObservers: return observers(value)
        case .downloadURL: return Result(action: references.operand(value).map { .downloadURL($0) })
        case .list: return Result(action: list(value))
        case .listAll: return Result(action: references.operand(value).map { .listAll($0) })
        case .getMetadata: return Result(action: references.operand(value).map { .getMetadata($0) })
        case .updateMetadata:
            let operand = references.operand(value)
            let metadata = required("metadata", "the fields to change").flatMap {
                MetadataDecoding.values($0, of: verb.rawValue, allowsRemoval: true, scope: scope, context: context)
            }
            guard let operand, let metadata else { return nil }
            return Result(action: .updateMetadata(operand, metadata))
        case .delete: return Result(action: references.operand(value).map { .delete($0) })
        case .fault: return Result(action: FaultDecoding.step(value, context: context).map { .fault($0) })
        }
    }

    private func required(_ key: String, _ description: String) -> YAMLNode? {
        fields.required(key, of: verb.rawValue, description, context: context)
    }

    /// A task named `up` or `$up` that an earlier step started.
    private func task(_ node: YAMLNode, key: String? = nil) -> String? {
        let key = key ?? verb.rawValue
        guard let name = context.nameReference(node, key) else { return nil }
        return scope.require(name, .task(.upload), by: verb.rawValue, at: node, context: context) == nil ? nil : name
    }

    private func put(_ value: YAMLNode) -> StepAction? {
        let errors = context.errorCount
        let operand = references.operand(value)
        var source: UploadSource?
        switch (fields["data"], fields["file"]) {
        case (let data?, nil):
            source = DataSourceDecoding.decode(data, "data", context: context).map { .data($0) }
        case (nil, let file?):
            source = scope.template(file, "file", context: context).map { .file($0) }
        case (_?, _?):
            context.error("put takes data or file, not both", at: fields.keyNode("file") ?? fields.node)
        case (nil, nil):
            context.error("put needs data: (a data source like { text: \"Hello\" }) or file: (a path)", at: fields.node)
        }
        let metadata = fields["metadata"].flatMap {
            MetadataDecoding.values($0, of: verb.rawValue, allowsRemoval: false, scope: scope, context: context)
        }
        var chunkSize: Int64?
        if let node = fields["chunkSize"], let size = ByteSize.bytes(node, "chunkSize", context: context) {
            if size == 0 { context.error("chunkSize must be at least 1 byte", at: node) }
            chunkSize = size
        }
        guard context.errorCount == errors, let operand, let source else { return nil }
        return .put(operand, source: source, metadata: metadata, chunkSize: chunkSize)
    }

    private func list(_ value: YAMLNode) -> StepAction? {
        let errors = context.errorCount
        let operand = references.operand(value)
        let maxResults = fields["maxResults"].flatMap { context.integer($0, "maxResults") }
        let pageToken = fields["pageToken"].flatMap { scope.template($0, "pageToken", context: context) }
        guard context.errorCount == errors, let operand else { return nil }
        return .list(operand, maxResults: maxResults, pageToken: pageToken)
    }

    /// `toFile`: a non-empty relative path that stays inside the scratch folder.
    private func scratchFile(_ node: YAMLNode) -> Template? {
        guard let template = scope.template(node, "toFile", context: context) else { return nil }
        let text = template.parts.map { if case .literal(let text) = $0 { text } else { "x" } }.joined()
        let segments = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard !text.isEmpty, text.utf8.first != UInt8(ascii: "/"),
            !segments.contains(where: { $0.elementsEqual("..".utf8) })
        else {
            context.error(
                "toFile: expected a relative path inside the run's scratch folder (no leading / and no ..), found \(node.summary)",
                at: node)
            return nil
        }
        return template
    }

    /// observe `{ task, status, as }`, removeObserver `{ task, handle }`, removeAllObservers `{ task, status? }`.
    private func observers(_ value: YAMLNode) -> Result? {
        let keys = LanguageKeys.observerKeys(verb)
        guard case .mapping(let pairs) = value.value else {
            context.typeMismatch(verb.rawValue, expected: "a mapping { \(keys.joined(separator: ", ")) }", found: value)
            return nil
        }
        let inner = MappingFields(checking: value, pairs: pairs, owner: verb.rawValue, allowed: keys, context: context)
        let errors = context.errorCount
        let task = inner.required("task", of: verb.rawValue, "the task's name", context: context).flatMap {
            self.task($0, key: "task")
        }
        var status: StatusChoice = .absent
        if let node = verb == .removeObserver ? nil : inner["status"] {
            status = TriggerDecoding.status(node, "status", context: context).map { .some($0) } ?? .invalid
        } else if verb == .observe {
            _ = inner.required("status", of: "observe", "resume, progress, pause, success or failure", context: context)
        }
        var handle: String?
        if verb == .removeObserver,
            let node = inner.required("handle", of: verb.rawValue, "an observer's name", context: context),
            let name = context.nameReference(node, "handle"),
            scope.require(name, .observer, by: verb.rawValue, at: node, context: context) != nil
        {
            handle = name
        }
        var result = Result(innerName: inner["as"])
        guard context.errorCount == errors, let task else { return result }
        switch (verb, status) {
        case (.observe, .some(let status)): result.action = .observe(task: task, status: status)
        case (.removeObserver, _): result.action = handle.map { .removeObserver(task: task, handle: $0) }
        case (.removeAllObservers, .some(let status)): result.action = .removeAllObservers(task: task, status: status)
        case (.removeAllObservers, .absent): result.action = .removeAllObservers(task: task, status: nil)
        default: break
        }
        return result
    }
}
