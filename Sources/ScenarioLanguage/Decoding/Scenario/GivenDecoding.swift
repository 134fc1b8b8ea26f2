import StorageAPI
import YAMLReader

/// Reads `given:`: fixture objects, rules, the user, faults and retry times.
///
/// Decisions where docs/scenario-language.md is silent: fixture object names must be non-empty strings and are
/// taken literally (`$` included); `user` is a non-empty string. `rules` is `RulesDecoding`'s.
enum GivenDecoding {
    static let objectKeys = LanguageKeys.fixtureObject

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
        if let rules = fields["rules"] { given.rules = RulesDecoding.decode(rules, context: context) }
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
}
