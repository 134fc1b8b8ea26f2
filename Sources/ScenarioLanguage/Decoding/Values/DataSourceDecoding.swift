import Primitives
import YAMLReader

/// Reads a data source: exactly one of `text`, `base64`, `random` (with an optional `seed`), `zeros`,
/// `empty: true`.
///
/// Decisions where docs/scenario-language.md is silent: `seed` is a non-negative integer (default 0) and only
/// goes with `random`; `empty` must be `true`; a generated source (`random`, `zeros`) holds at most 2GiB,
/// because the runner builds the bytes in memory. A plain string (`data: hello`, the first thing people
/// write) is UTF-8 text, as `{ text: hello }`; a number or boolean is an error that shows both readings.
enum DataSourceDecoding {
    static let keys = LanguageKeys.data
    static let maximumSize: Int64 = 2 << 30

    /// A data source from its own mapping (`data: { random: 1MiB, seed: 7 }`).
    static func decode(_ node: YAMLNode, _ key: String, context: DecodingContext) -> DataSource? {
        switch node.value {
        case .string(let text): return .text(text)
        case .int, .float, .bool:
            let written =
                switch node.value {
                case .int(let number): String(number)
                case .float(let number): String(number)
                case .bool(let flag): String(flag)
                default: ""
                }
            context.error(
                "\(key): a number or boolean is not data; write { text: \"\(written)\" } for those characters, "
                    + "or { zeros: \(written) } for that many bytes", at: node)
            return nil
        default: break
        }
        guard let fields = MappingFields(node, key: key, owner: "a data source", allowed: keys, context: context) else {
            return nil
        }
        return decode(fields, owner: key, context: context)
    }

    /// A data source from mapping fields that may hold other keys too (fixture objects add metadata).
    static func decode(_ fields: MappingFields, owner: @autoclosure () -> String, context: DecodingContext)
        -> DataSource?
    {
        let kindKeys = ["text", "base64", "random", "zeros", "empty"]
        let kinds = kindKeys.filter { fields.contains($0) }
        if let seed = fields.keyNode("seed"), !kinds.contains("random") {
            context.error("seed only goes with random", at: seed)
        }
        guard let kind = kinds.first else {
            if kindKeys.contains(where: fields.wasSuggested) { return nil }
            context.error("\(owner()) needs one of text, base64, random, zeros or empty", at: fields.node)
            return nil
        }
        guard kinds.count == 1 else {
            let second = fields.keyNode(kinds[1]) ?? fields.node
            context.error(
                "\(owner()) takes one of text, base64, random, zeros or empty, found both \(kinds[0]) and \(kinds[1])",
                at: second)
            return nil
        }
        guard let value = fields[kind] else { return nil }
        switch kind {
        case "text":
            return context.string(value, "text").map { .text($0) }
        case "base64":
            guard let text = context.string(value, "base64") else { return nil }
            switch Base64.decode(text, skippingWhitespace: true) {
            case .success(let bytes): return .base64(bytes)
            case .failure(let problem):
                context.error("base64: not valid base64: \(problem.message)", at: value)
                return nil
            }
        case "random":
            let size = ByteSize.bytes(value, "random", maximum: maximumSize, context: context)
            var seed: UInt64 = 0
            if let seedNode = fields["seed"] {
                guard let number = context.integer(seedNode, "seed") else { return nil }
                guard number >= 0 else {
                    context.error("seed: expected a non-negative integer, found \(number)", at: seedNode)
                    return nil
                }
                seed = UInt64(number)
            }
            return size.map { .random(size: $0, seed: seed) }
        case "zeros":
            return ByteSize.bytes(value, "zeros", maximum: maximumSize, context: context).map { .zeros($0) }
        default:
            guard value.boolValue == true else {
                context.typeMismatch("empty", expected: "true", found: value)
                return nil
            }
            return .empty
        }
    }
}
