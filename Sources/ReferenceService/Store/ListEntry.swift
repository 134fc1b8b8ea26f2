/// One entry of a listing, in byte order with the others: an item (an object name) or a prefix
/// (ending with the delimiter). A page token remembers the last entry a page returned.
struct ListEntry: Sendable, Equatable {
    enum Kind: UInt8, Sendable {
        case item = 0x69  // "i"
        case prefix = 0x70  // "p"
    }

    var kind: Kind
    var bytes: [UInt8]

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
