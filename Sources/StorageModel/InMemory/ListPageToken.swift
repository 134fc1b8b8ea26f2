import Foundation

/// Page tokens: opaque to clients; inside, base64url (unpadded) of a version byte, the kind of the
/// last entry returned, and that entry's bytes. The next page starts strictly after that entry.
enum ListPageToken {
    private static let version: UInt8 = 1

    static func encode(after entry: ListEntry) -> String {
        let raw = Data([version, entry.kind.rawValue] + entry.bytes)
        return raw.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The entry a token resumes after; 400 when the token is not one of ours.
    static func decode(_ token: String) throws(BackendError) -> ListEntry {
        let invalid = BackendError.badRequest("Invalid page token: it was not issued by this service.")
        guard token.utf8.allSatisfy({ isBase64URL($0) }), token.utf8.count % 4 != 1 else { throw invalid }
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let raw = Data(base64Encoded: base64), raw.count >= 2, raw[raw.startIndex] == version,
            let kind = ListEntry.Kind(rawValue: raw[raw.startIndex + 1])
        else { throw invalid }
        return ListEntry(kind: kind, bytes: Array(raw.dropFirst(2)))
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
