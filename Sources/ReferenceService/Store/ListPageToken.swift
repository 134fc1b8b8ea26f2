import Primitives
import StorageAPI

/// Page tokens: opaque to clients; inside, unpadded base64url of a version byte, the kind of the last
/// entry returned, and that entry's bytes. The next page starts strictly after that entry.
enum ListPageToken {
    private static let version: UInt8 = 1

    static func encode(after entry: ListEntry) -> String {
        Base64.encode([version, entry.kind.rawValue] + entry.bytes, alphabet: .url)
    }

    /// The entry a token resumes after; 400 when the token is not one of ours.
    static func decode(_ token: String) throws(BackendError) -> ListEntry {
        guard case .success(let raw) = Base64.decode(token, alphabet: .url), raw.count >= 2, raw[0] == version,
            let kind = ListEntry.Kind(rawValue: raw[1])
        else { throw .badRequest("Invalid page token: it was not issued by this service.") }
        return ListEntry(kind: kind, bytes: Array(raw[2...]))
    }
}
