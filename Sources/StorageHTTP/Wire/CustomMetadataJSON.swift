/// Custom metadata as a JSON object, keys sorted so the same metadata always reads the same.
enum CustomMetadataJSON {
    static func json(_ metadata: [String: String]) -> WireJSON {
        .object(metadata.sorted { $0.key < $1.key }.map { WireJSON.Member($0.key, .string($0.value)) })
    }

    static func json(_ changes: [String: String?]) -> WireJSON {
        .object(
            changes.sorted { $0.key < $1.key }.map { WireJSON.Member($0.key, $0.value.map(WireJSON.string) ?? .null) })
    }
}
