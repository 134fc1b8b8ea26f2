import Primitives
import StorageSDK
import YAMLReader

/// Reads `when:` of pause, resume and cancel: `{ progress: N }` (a size, or `N%`), `{ event: STATUS }` or
/// `{ retry: N }`.
enum TriggerDecoding {
    static func decode(_ node: YAMLNode, context: DecodingContext) -> Trigger? {
        guard
            let fields = MappingFields(
                node, key: "when", owner: "when", allowed: LanguageKeys.trigger, context: context)
        else {
            return nil
        }
        guard fields.pairs.count == 1, let pair = fields.pairs.first else {
            // Only unknown keys: already reported.
            if fields.pairs.isEmpty, node.mappingPairs?.isEmpty == false { return nil }
            let message =
                fields.pairs.isEmpty
                ? "when needs progress: N (or N%), event: STATUS or retry: N"
                : "when takes one of progress, event and retry"
            context.error(message, at: fields.pairs.count > 1 ? fields.pairs[1].key : node)
            return nil
        }
        switch pair.key.stringValue {
        case "progress":
            switch ByteSize.amount(pair.value, "progress", allowsPercent: true, context: context) {
            case .bytes(let count)?: return .progressBytes(count)
            case .percent(let percent)?: return .progressPercent(percent)
            case nil: return nil
            }
        case "event":
            return status(pair.value, "event", context: context).map { .event($0) }
        case "retry":
            guard let number = context.integer(pair.value, "retry") else { return nil }
            guard (1...Int64(Int32.max)).contains(number) else {
                context.error("retry: expected a retry from 1 to \(Int32.max), found \(number)", at: pair.value)
                return nil
            }
            return .retry(Int(number))
        default:
            return nil
        }
    }

    /// A task status by name: resume, progress, pause, success or failure.
    static func status(_ node: YAMLNode, _ key: String, context: DecodingContext) -> StorageTaskStatus? {
        guard let text = context.string(node, key) else { return nil }
        let names = EventPatternDecoding.statusNames
        guard names.contains(text), let status = StorageTaskStatus(name: text) else {
            context.error(
                "\(key): unknown status \(YAMLNode.quoted(text))\(Suggestion.hint(for: text, in: names))", at: node)
            return nil
        }
        return status
    }
}
