/// Every warning lint gives, by the code a scenario names to declare one intended (`lint: { CODE: why }`).
/// The code ends the warning's message in brackets (`… [one-chunk-trigger]`), so the reader sees what to
/// write.
package enum LintWarning: String, CaseIterable, Sendable {
    /// A plain scalar that YAML 1.1 loaders read otherwise (`yes`, `1e3`, a date).
    case yaml11Scalar = "yaml11-scalar"
    /// `targets: []`: the scenario never runs.
    case emptyTargets = "empty-targets"
    /// A progress point beyond the upload's size.
    case progressNeverMet = "progress-never-met"
    /// A pause or cancel at a progress point of an upload that goes in one chunk.
    case oneChunkTrigger = "one-chunk-trigger"
    /// A chunkSize below the service's 256 KiB granularity.
    case chunkBelowGranularity = "chunk-below-granularity"
    /// A chunkSize that is not a multiple of 256 KiB.
    case chunkNotAMultiple = "chunk-not-a-multiple"
    /// A tag one edit away from a tag other scenarios use.
    case nearDuplicateTag = "near-duplicate-tag"
    /// A `lint:` entry for a warning the scenario does not have.
    case unusedLintEntry = "unused-lint-entry"

    /// The codes, for messages and the schema.
    package static var names: [String] { allCases.map(\.rawValue) }

    /// `message [code]`.
    func tagged(_ message: String) -> String { "\(message) [\(rawValue)]" }

    /// The code a tagged message ends in, if any.
    static func code(of message: String) -> LintWarning? {
        guard message.hasSuffix("]"), let open = message.lastIndex(of: "[") else { return nil }
        return LintWarning(
            rawValue: String(message[message.index(after: open)..<message.index(before: message.endIndex)]))
    }
}
