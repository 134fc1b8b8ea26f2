import Primitives

/// Custom metadata as a JSON object, keys sorted so the same metadata always reads the same.
package enum CustomMetadataJSON {
    package static func json(_ metadata: [String: String]) -> JSONValue {
        .object(metadata.sorted { $0.key < $1.key }.map { JSONValue.Member($0.key, .string($0.value)) })
    }

    package static func json(_ changes: [String: String?]) -> JSONValue {
        .object(
            changes.sorted { $0.key < $1.key }.map { JSONValue.Member($0.key, $0.value.map(JSONValue.string) ?? .null) }
        )
    }
}
