import StorageAPI
import YAMLReader

/// Reads `given:`: fixture objects, rules, the user, faults and retry times.
///
/// Decisions where docs/scenario-language.md is silent: fixture object names must be non-empty strings and are
/// taken literally (`$` included); `rules.allow` defaults to allowing everything; `ops` is required; a
/// `*` or `**` must be a whole path segment (`*.jpg` is an error, not a silent literal); `user` is a
/// non-empty string.
enum GivenDecoding {
    static let objectKeys = LanguageKeys.fixtureObject
    static let operationNames = StorageRules.Operation.allCases.map(\.rawValue)

    static func decode(_ node: YAMLNode, context: DecodingContext) -> Given? {
        if node.isNull { return Given() }
        guard
            let fields = MappingFields(
                node, key: "given", owner: "given", allowed: LanguageKeys.given, context: context)
        else {
            return nil
        }
        let errors = context.errorCount
        var given = Given()
        if let objects = fields["objects"] { given.objects = self.objects(objects, context: context) }
        if let rules = fields["rules"] { given.rules = self.rules(rules, context: context) }
        if let faults = fields["faults"] { given.faults = FaultDecoding.faults(faults, context: context) }
        if let retry = fields["retry"] { given.retry = FaultDecoding.retry(retry, context: context) ?? RetryTimes() }
        if let user = fields["user"], let text = context.nonEmptyString(user, "user") {
            switch text {
            case "none": given.user = .signedOut
            case "invalid": given.user = .invalidToken
            default: given.user = .signedIn(text)
            }
        }
        return context.errorCount == errors ? given : nil
    }

    private static func objects(_ node: YAMLNode, context: DecodingContext) -> [FixtureObject] {
        guard case .mapping(let pairs) = node.value else {
            context.typeMismatch("objects", expected: "a mapping of object names to data sources", found: node)
            return []
        }
        var objects: [FixtureObject] = []
        for pair in pairs {
            guard case .string(let name) = pair.key.value else {
                context.typeMismatch("objects", expected: "an object name (a string)", found: pair.key)
                continue
            }
            guard !name.isEmpty else {
                context.error("objects: an object name may not be empty", at: pair.key)
                continue
            }
            func owner() -> String { "object \(YAMLNode.quoted(name))" }
            guard
                let fields = MappingFields(
                    pair.value, key: owner(), owner: owner(), allowed: objectKeys, context: context),
                let data = DataSourceDecoding.decode(fields, owner: owner(), context: context),
                let metadata = MetadataDecoding.fixture(fields, context: context),
                let stamps = stamps(fields, context: context)
            else { continue }
            objects.append(
                FixtureObject(name: name, data: data, metadata: metadata, stamps: stamps, location: pair.key.location))
        }
        return objects
    }

    /// `downloadTokens` (a string or a list of strings), `generation` and `metageneration` (positive integers).
    private static func stamps(_ fields: MappingFields, context: DecodingContext) -> FixedStamps? {
        let errors = context.errorCount
        var stamps = FixedStamps()
        if let node = fields["downloadTokens"] {
            switch node.value {
            case .string(let token): stamps.downloadTokens = [token]
            case .sequence(let items): stamps.downloadTokens = items.compactMap { context.string($0, "downloadTokens") }
            default: context.typeMismatch("downloadTokens", expected: "a token or a list of tokens", found: node)
            }
        }
        for key in ["generation", "metageneration"] {
            guard let node = fields[key] else { continue }
            guard case .int(let value) = node.value, value > 0 else {
                context.typeMismatch(key, expected: "a positive integer", found: node)
                continue
            }
            if key == "generation" { stamps.generation = value } else { stamps.metageneration = value }
        }
        return context.errorCount == errors ? stamps : nil
    }

    private static func rules(_ node: YAMLNode, context: DecodingContext) -> StorageRules? {
        guard
            let fields = MappingFields(
                node, key: "rules", owner: "rules", allowed: LanguageKeys.rules, context: context)
        else {
            return nil
        }
        var version = 2
        if let versionNode = fields["version"], let number = context.integer(versionNode, "version") {
            if number == 1 || number == 2 {
                version = Int(number)
            } else {
                context.error("version: rules version is 1 or 2, found \(number)", at: versionNode)
            }
        }
        guard let allow = fields["allow"] else {
            return StorageRules(version: version, entries: StorageRules.allowAll.entries)
        }
        guard let items = context.sequence(allow, "allow") else { return nil }
        let entries = items.compactMap { entry($0, context: context) }
        return entries.count == items.count ? StorageRules(version: version, entries: entries) : nil
    }

    private static func entry(_ node: YAMLNode, context: DecodingContext) -> StorageRules.Entry? {
        guard
            let fields = MappingFields(
                node, key: "allow", owner: "an allow entry", allowed: LanguageKeys.allowEntry, context: context)
        else {
            return nil
        }
        let errors = context.errorCount
        let path = fields.required("path", of: "an allow entry", "a glob like images/** ", context: context).flatMap {
            glob($0, context: context)
        }
        var operations = Set<StorageRules.Operation>()
        let names = Self.operationNames
        if let opsNode = fields.required(
            "ops", of: "an allow entry", "a list of \(names.joined(separator: ", ")) (may be empty)", context: context),
            let items = context.sequence(opsNode, "ops")
        {
            for item in items {
                guard let text = context.string(item, "ops") else { continue }
                guard let operation = StorageRules.Operation(rawValue: text) else {
                    context.error(
                        "ops: unknown operation \(YAMLNode.quoted(text))\(Suggestion.hint(for: text, in: names))",
                        at: item)
                    continue
                }
                operations.insert(operation)
            }
        }
        var condition: StorageRules.Condition?
        if let node = fields["if"], let text = context.string(node, "if") {
            condition = StorageRules.Condition(text)
            if condition == nil {
                context.error("if: the condition is \(StorageRules.Condition.forms), found \(node.summary)", at: node)
            } else if case .userIs(let name)? = condition, let path,
                !StorageRules.Entry(path: path, operations: []).binds(name)
            {
                context.error("if: \(name) is not bound in the path: write {\(name)} in it", at: node)
            }
        }
        guard context.errorCount == errors, let path else { return nil }
        return StorageRules.Entry(path: path, operations: operations, condition: condition)
    }

    private static func glob(_ node: YAMLNode, context: DecodingContext) -> String? {
        guard let text = context.string(node, "path") else { return nil }
        for segment in text.split(separator: "/", omittingEmptySubsequences: false)
        where segment.utf8.contains(UInt8(ascii: "*")) || segment.hasPrefix("{") {
            if segment.hasPrefix("{") {
                guard StorageRules.isPathVariable(segment) else {
                    context.error(
                        "path: \(YAMLNode.quoted(String(segment))) is not a path variable; write {name} for one segment or {name=**} for any number",
                        at: node)
                    return nil
                }
                continue
            }
            guard segment == "*" || segment == "**" else {
                context.error(
                    "path: * and ** match whole segments; \(YAMLNode.quoted(String(segment))) mixes them with other characters",
                    at: node)
                return nil
            }
        }
        return text
    }
}
