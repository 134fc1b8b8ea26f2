/// Where the parser is in the grammar; the parser keeps a stack of these instead of recursing.
enum ParserState {
    case streamStart
    case implicitDocumentStart
    case documentStart
    case documentContent
    case documentEnd
    case blockNode
    case blockNodeOrIndentlessSequence
    case flowNode
    case blockSequenceFirstEntry
    case blockSequenceEntry
    case indentlessSequenceEntry
    case blockMappingFirstKey
    case blockMappingKey
    case blockMappingValue
    case flowSequenceFirstEntry
    case flowSequenceEntry(first: Bool)
    case flowSequenceEntryMappingValue
    case flowSequenceEntryMappingEnd
    case flowMappingFirstKey
    case flowMappingKey(first: Bool)
    case flowMappingValue
    case flowMappingEmptyValue
}
