import Foundation

/// An object name as its raw UTF-8 bytes: equal and ordered byte for byte.
///
/// Swift's `String ==` treats canonically equivalent text as equal ("é" NFC == "é" NFD), which would
/// merge two distinct objects; this key never does.
struct ObjectKey: Hashable, Comparable, Sendable {
    let bytes: [UInt8]

    init(_ name: String) {
        bytes = Array(name.utf8)
    }

    init<Bytes: Sequence<UInt8>>(bytes: Bytes) {
        self.bytes = Array(bytes)
    }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (lhs: ObjectKey, rhs: ObjectKey) -> Bool {
        lhs.bytes == rhs.bytes
    }

    static func < (lhs: ObjectKey, rhs: ObjectKey) -> Bool {
        compare(lhs.bytes[...], rhs.bytes[...]) < 0
    }

    /// Whether these bytes begin with all of `prefix`'s.
    func hasPrefix(_ prefix: [UInt8]) -> Bool {
        guard prefix.count <= bytes.count else { return false }
        guard !prefix.isEmpty else { return true }
        return bytes.withUnsafeBytes { name in
            prefix.withUnsafeBytes { prefix in
                guard let nameBase = name.baseAddress, let prefixBase = prefix.baseAddress else { return false }
                return memcmp(nameBase, prefixBase, prefix.count) == 0
            }
        }
    }

    /// memcmp-style order of two byte strings: negative, zero or positive.
    static func compare(_ lhs: ArraySlice<UInt8>, _ rhs: ArraySlice<UInt8>) -> Int {
        lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in
                let shared = min(left.count, right.count)
                if shared > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
                    let order = memcmp(leftBase, rightBase, shared)
                    if order != 0 { return Int(order) }
                }
                return left.count - right.count
            }
        }
    }
}
