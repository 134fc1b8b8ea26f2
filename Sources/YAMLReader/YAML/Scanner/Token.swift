import Primitives

/// A token of the YAML subset, as the scanner hands it to the parser. A scalar token's node is handed
/// over separately (`Scanner.takeScalar()`), which keeps tokens small and trivially copyable.
struct Token {
    enum Kind: Equatable {
        case streamStart
        case streamEnd
        case documentStart
        case documentEnd
        case blockSequenceStart
        case blockMappingStart
        case blockEnd
        case flowSequenceStart
        case flowSequenceEnd
        case flowMappingStart
        case flowMappingEnd
        case blockEntry
        case flowEntry
        /// A mapping key; like a scalar token, it carries its node (keys are always scalars here).
        case key
        case value
        case scalar

        /// How a message names a token of this kind: "expected …, found <phrase>".
        var phrase: String {
            switch self {
            case .streamStart: "the start of the file"
            case .streamEnd: "the end of the file"
            case .documentStart: "'---'"
            case .documentEnd: "'...'"
            case .blockSequenceStart: "a '- ' sequence"
            case .blockMappingStart: "a 'key: value' mapping"
            case .blockEnd: "the end of an indented block"
            case .flowSequenceStart: "'['"
            case .flowSequenceEnd: "']'"
            case .flowMappingStart: "'{'"
            case .flowMappingEnd: "'}'"
            case .blockEntry: "'- '"
            case .flowEntry: "','"
            case .key: "a 'key: value' entry"
            case .value: "':'"
            case .scalar: "a scalar"
            }
        }
    }

    var kind: Kind
    var location: SourceLocation

    init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}
