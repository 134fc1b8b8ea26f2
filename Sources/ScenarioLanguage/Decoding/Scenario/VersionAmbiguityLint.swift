import YAMLReader

/// Warns about plain scalars that YAML 1.1 loaders read differently from YAML 1.2 (`yes`, `on`, `1.5e3`, `017`,
/// `2024-01-31`, …), so every loader sees the same file; the message says whether PyYAML is one of them.
enum VersionAmbiguityLint {
    /// Recursion is bounded: the parser refuses nesting deeper than `YAMLParser.maximumNestingDepth`.
    static func check(_ node: YAMLNode, context: DecodingContext) {
        switch node.value {
        case .sequence(let items):
            items.withUnsafeBufferPointer { items in
                for index in items.indices { check(items[index], context: context) }
            }
        case .mapping(let pairs):
            pairs.withUnsafeBufferPointer { pairs in
                for index in pairs.indices {
                    check(pairs[index].key, context: context)
                    check(pairs[index].value, context: context)
                }
            }
        default:
            if let reading = node.yaml11Reading { warn(node, reading, context: context) }
        }
    }

    private static func warn(_ node: YAMLNode, _ reading: YAML11Reading, context: DecodingContext) {
        let text = sourceText(of: node, in: context.file)
        let modern: String
        let advice: String
        switch node.value {
        case .string:
            modern = "a string"
            advice = "quote it (\"\(text)\") to keep it a string everywhere"
        default:
            modern = node.summary
            advice = "quote it if you mean a string, or write the value so both read it alike"
        }
        context.warning(
            .yaml11Scalar,
            "\(text) is \(modern) in YAML 1.2 but \(reading.summary) in \(reading.readers); \(advice)",
            at: node.location)
    }

    /// The scalar as written: from its first character to the next space, flow indicator or comment.
    private static func sourceText(of node: YAMLNode, in file: SourceFile) -> String {
        let bytes = file.bytes
        var end = node.location.offset
        while end < bytes.count {
            let byte = bytes[end]
            if byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]")
                || byte == UInt8(ascii: "}")
            {
                break
            }
            if byte == UInt8(ascii: "#"), end > node.location.offset, bytes[end - 1] == 0x20 { break }
            if byte == UInt8(ascii: ":"), end + 1 >= bytes.count || [0x20, 0x0A, 0x0D].contains(bytes[end + 1]) {
                break
            }
            end += 1
        }
        let start = min(node.location.offset, end)
        var text = String(decoding: bytes[start..<end], as: UTF8.self)
        while text.last == " " || text.last == "\t" { text.removeLast() }
        if text.isEmpty, case .string(let value) = node.value { return value }
        return text
    }
}
