import Foundation

/// Where Cloud Storage keeps an object's Firebase download tokens: the custom metadata key
/// `firebaseStorageDownloadTokens`, comma-separated. A write whose custom metadata holds it (as firebase-admin and
/// google-cloud-storage users set it to mint download URLs) gives the object those tokens; the GCS APIs show the
/// tokens under that key, the v0 API as `downloadTokens`.
public enum DownloadTokensMetadata {
    public static let key = "firebaseStorageDownloadTokens"

    /// The tokens `text` names: comma-separated, spaces trimmed, empty ones dropped.
    public static func tokens(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The custom metadata key among `keys` that holds the tokens (compared without regard to case, as the XML API
    /// lower-cases header names).
    public static func key<Keys: Sequence<String>>(in keys: Keys) -> String? {
        keys.first { $0.lowercased() == key.lowercased() }
    }

    /// `metadata` with the tokens under `key` (none when there are no tokens).
    public static func adding(_ tokens: [String], to metadata: [String: String]) -> [String: String] {
        guard !tokens.isEmpty else { return metadata }
        var metadata = metadata
        metadata[key] = tokens.joined(separator: ",")
        return metadata
    }
}
