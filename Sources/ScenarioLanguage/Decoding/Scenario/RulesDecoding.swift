import Foundation
import Primitives
import SecurityRules
import StorageAPI
import YAMLReader

/// Reads `given.rules` in one of its forms: the shorthand (`version`, `allow`), rules text (`source`), or a rules
/// file (`file`, relative to the scenario file). Rules text is loaded here, so lint reports its errors (a read of
/// a field the request or the object does not have included): inline text at their place in the scenario file
/// (for a `|` block; elsewhere at the `source:` value, with the place in the text), a file's in the file itself.
///
/// Decisions where docs/scenario-language.md is silent: a shorthand without `allow` allows everything; `ops` is
/// required; a `*` or `**` must be a whole path segment (`*.jpg` is an error, not a silent literal); `file:` is
/// a relative path.
enum RulesDecoding {
    static func decode(_ node: YAMLNode, context: DecodingContext) -> ScenarioRules? {
        guard
            let fields = MappingFields(
                node, key: "rules", owner: "rules", allowed: LanguageKeys.rules + LanguageKeys.rulesText,
                context: context)
        else {
            return nil
        }
        let given = (LanguageKeys.rules + LanguageKeys.rulesText).filter(fields.contains)
        if given.count > 1, given.contains(where: LanguageKeys.rulesText.contains) {
            context.error(
                "rules: give one of the shorthand (version, allow), source or file, not \(given.joined(separator: " and "))",
                at: node)
            return nil
        }
        if let text = fields["source"] { return inline(text, context: context) }
        if let path = fields["file"] { return file(path, context: context) }
        guard let rules = shorthand(fields, context: context) else { return nil }
        if let problem = shorthandProblem(rules, context: context) {
            context.error("rules: the shorthand cannot be written as rules: \(problem.message)", at: node)
            return nil
        }
        return ScenarioRules(rules)
    }

    /// `rules.sourceProblem`, loaded once per source in a file (a large file repeats a few shorthands).
    private static func shorthandProblem(_ rules: StorageRules, context: DecodingContext) -> Diagnostic? {
        let source = rules.source
        if let known = context.shorthandProblems[source] { return known }
        let problem = rules.sourceProblem
        context.shorthandProblems[source] = .some(problem)
        return problem
    }

    /// `source:`: rules text, named after the scenario file, with its place in it.
    private static func inline(_ node: YAMLNode, context: DecodingContext) -> ScenarioRules? {
        guard let text = context.string(node, "source") else { return nil }
        let source = RulesSource(name: context.file.path, text: text)
        let errors = context.inlineRulesErrors[text] ?? loadErrors(source)
        context.inlineRulesErrors[text] = errors
        let place = InlineRulesPlace(node: node, file: context.file)
        guard errors.isEmpty else {
            for error in errors {
                if let location = place.location(of: error) {
                    context.error(error.message, at: location)
                } else {
                    context.error(
                        "source: line \(error.location.line), column \(error.location.column) of the rules: \(error.message)",
                        at: node)
                }
            }
            return nil
        }
        var placed = source
        placed.placement = place.placement(of: text)
        return ScenarioRules(form: .inline, source: placed)
    }

    /// `file:`: a rules file beside the scenario, read once per scenario file.
    private static func file(_ node: YAMLNode, context: DecodingContext) -> ScenarioRules? {
        guard let written = context.nonEmptyString(node, "file") else { return nil }
        guard !written.hasPrefix("/") else {
            context.error("file: a path relative to the scenario file, not an absolute one", at: node)
            return nil
        }
        let folder = (context.file.path as NSString).deletingLastPathComponent
        let path = folder.isEmpty ? written : folder + "/" + written
        if let known = context.rulesFiles[path] {
            return known.map { ScenarioRules(form: .file(written), source: $0) }
        }
        let source = read(path, written: written, at: node, context: context)
        context.rulesFiles[path] = .some(source)
        return source.map { ScenarioRules(form: .file(written), source: $0) }
    }

    private static func read(_ path: String, written: String, at node: YAMLNode, context: DecodingContext)
        -> RulesSource?
    {
        let source: RulesSource
        do {
            source = try RulesSource(file: path)
        } catch {
            context.error("file: cannot read the rules file \(written) (\(path)): \(error.reason)", at: node)
            return nil
        }
        let errors = loadErrors(source)
        for error in errors { context.error(error) }
        return errors.isEmpty ? source : nil
    }

    /// The errors of loading rules text: its syntax error, or the fields it reads that do not exist.
    private static func loadErrors(_ source: RulesSource) -> [Diagnostic] {
        do {
            return try RulesProgram(source).unknownFields
        } catch {
            return [error]
        }
    }

    private static func shorthand(_ fields: MappingFields, context: DecodingContext) -> StorageRules? {
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
        let names = StorageRules.Operation.allCases.map(\.rawValue)
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
