/// Shard K of N (1-based): a scenario belongs to the shard its id hashes to, so the split of the ids stays
/// the same whatever else is added, and the N shards together run every scenario exactly once.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public func contains(_ id: String) -> Bool {
        Int(StableHash.fnv1a(id) % UInt64(count)) == index - 1
    }

    public var description: String { "\(index)/\(count)" }
}

/// FNV-1a over UTF-8: the same on every machine and every run.
package enum StableHash {
    package static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
