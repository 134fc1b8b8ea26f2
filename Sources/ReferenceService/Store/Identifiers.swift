import Primitives

/// Cheap random and derived identifiers: download tokens, session ids and etags are minted on every
/// upload, and Foundation's `UUID().uuidString` plus string rewriting cost microseconds each.
enum Identifiers {
    /// A random (version 4) UUID in lowercase, e.g. `3b8f3f52-5d8e-4c64-9a5e-0f3c1b6f0b2e`.
    static func randomUUID() -> String {
        var generator = SystemRandomNumberGenerator()
        var high = generator.next() as UInt64
        var low = generator.next() as UInt64
        high = (high & ~0xF000) | 0x4000  // version 4
        low = (low & ~(0xC000 << 48)) | (0x8000 << 48)  // RFC 4122 variant
        var text: [UInt8] = []
        text.reserveCapacity(36)
        appendHex(high >> 32, digits: 8, to: &text)
        text.append(dash)
        appendHex(high >> 16, digits: 4, to: &text)
        text.append(dash)
        appendHex(high, digits: 4, to: &text)
        text.append(dash)
        appendHex(low >> 48, digits: 4, to: &text)
        text.append(dash)
        appendHex(low, digits: 12, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Our etag: unpadded base64url of the generation and metageneration (16 characters), so it
    /// changes whenever either does.
    static func etag(generation: Int64, metageneration: Int64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(12)
        for shift in stride(from: 56, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: generation >> Int64(shift)))
        }
        for shift in stride(from: 24, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: metageneration >> Int64(shift)))
        }
        return Base64.encode(bytes, alphabet: .url)
    }

    private static let dash = UInt8(ascii: "-")
    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendHex(_ value: UInt64, digits: Int, to text: inout [UInt8]) {
        for index in stride(from: digits - 1, through: 0, by: -1) {
            text.append(hexDigits[Int((value >> UInt64(index * 4)) & 0xF)])
        }
    }
}
