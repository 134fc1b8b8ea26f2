import Primitives
import YAMLReader

/// Reads a scenario file into its scenarios, with every problem as a diagnostic (see
/// docs/scenario-language.md for the language).
///
/// A YAML syntax error gives one diagnostic and no file. Otherwise every semantic error of the file is
/// collected (decoding goes on past an error wherever it can), each at the offending node; a scenario
/// with an error is left out of the returned file. Warnings: an empty file, plain scalars that YAML 1.1
/// loaders read differently, an empty `targets` list. A file is valid when no diagnostic is an error.
public enum ScenarioDecoder {
    /// Decodes `source`. `name` is the file's path under the scenario root without `.yaml`: the prefix of
    /// every scenario id.
    public static func decode(_ source: SourceFile, name: String) -> (file: ScenarioFile?, diagnostics: [Diagnostic]) {
        let (file, diagnostics, _) = decodeCountingIntended(source, name: name)
        return (file, diagnostics)
    }

    /// As `decode`, also returning the warnings its scenarios declare intended (`lint:`), which are left out
    /// of the diagnostics.
    public static func decodeCountingIntended(_ source: SourceFile, name: String) -> (
        file: ScenarioFile?, diagnostics: [Diagnostic], intended: [Diagnostic]
    ) {
        let documents: [YAMLDocument]
        do {
            documents = try YAMLParser.parse(source)
        } catch {
            return (nil, [error], [])
        }
        let context = DecodingContext(file: source)
        let decoder = ScenarioDocumentDecoding(fileName: name, context: context)
        var scenarios: [Scenario] = []
        var seenNames: [String: YAMLNode] = [:]
        var seenIDs: [String: (name: String, node: YAMLNode)] = [:]
        var intended: [Diagnostic] = []
        for document in documents where !document.root.isNull {
            let start = context.diagnostics.count
            VersionAmbiguityLint.check(document.root, context: context)
            var (scenario, identity) = decoder.decode(document.root)
            let declared = decoder.intendedWarnings(document.root)
            intended += context.settleIntended(declared, from: start)
            scenario?.intendedWarnings = declared.keys.sorted()
            guard let identity else { continue }
            if let first = seenNames[identity.name] {
                context.error(
                    "duplicate scenario name \(YAMLNode.quoted(identity.name)) (first at line \(first.location.line))",
                    at: identity.node)
                continue
            }
            if let first = seenIDs[identity.id] {
                context.error(
                    "duplicate scenario id \(identity.id): \(YAMLNode.quoted(identity.name)) and \(YAMLNode.quoted(first.name)) (line \(first.node.location.line)) make the same id",
                    at: identity.node)
                continue
            }
            seenNames[identity.name] = identity.node
            seenIDs[identity.id] = (identity.name, identity.node)
            if let scenario { scenarios.append(scenario) }
        }
        if seenNames.isEmpty, context.errorCount == 0 {
            context.fileWarning(
                "the file holds no scenarios", at: documents.first?.location ?? source.location(ofOffset: 0))
        }
        let diagnostics = context.diagnostics.enumerated().sorted {
            ($0.element.location.offset, $0.offset) < ($1.element.location.offset, $1.offset)
        }.map(\.element)
        return (ScenarioFile(path: source.path, name: name, scenarios: scenarios), diagnostics, intended)
    }
}
