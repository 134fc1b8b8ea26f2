/// Object keys kept in byte order, for listing: a list of sorted chunks, so an insert or a removal
/// moves at most one chunk's worth of keys and every search is a binary search.
///
/// Invariants: no chunk is empty; every key of chunk `i` is less than every key of chunk `i + 1`.
struct SortedKeyList: Sendable {
    /// Where a key sits: chunk and index inside it. `end` is one past the last key.
    struct Position: Comparable, Sendable {
        var chunk: Int
        var index: Int

        static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.chunk, lhs.index) < (rhs.chunk, rhs.index)
        }
    }

    /// A chunk that grows past this is split in two.
    private static let chunkLimit = 1024

    private var chunks: [[ObjectKey]] = []

    var start: Position { Position(chunk: 0, index: 0) }
    var end: Position { Position(chunk: chunks.count, index: 0) }

    /// The key at `position`, or nil at the end.
    func key(at position: Position) -> ObjectKey? {
        guard position.chunk < chunks.count else { return nil }
        return chunks[position.chunk][position.index]
    }

    func position(after position: Position) -> Position {
        guard position.chunk < chunks.count else { return end }
        if position.index + 1 < chunks[position.chunk].count {
            return Position(chunk: position.chunk, index: position.index + 1)
        }
        return Position(chunk: position.chunk + 1, index: 0)
    }

    /// The first position at or after `from` whose key satisfies `predicate`, or `end`.
    /// From `from` on, `predicate` must be false for a run of keys and then true for all the rest.
    func firstPosition(from: Position, where predicate: (ObjectKey) -> Bool) -> Position {
        guard from.chunk < chunks.count else { return end }
        if let last = chunks[from.chunk].last, predicate(last) {
            let index = Self.partition(chunks[from.chunk], from: from.index, where: predicate)
            return Position(chunk: from.chunk, index: index)
        }
        var low = from.chunk + 1
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if let last = chunks[middle].last, predicate(last) { high = middle } else { low = middle + 1 }
        }
        guard low < chunks.count else { return end }
        return Position(chunk: low, index: Self.partition(chunks[low], from: 0, where: predicate))
    }

    /// The first position whose key is not less than `key`.
    func lowerBound(_ key: ObjectKey) -> Position {
        firstPosition(from: start) { !($0 < key) }
    }

    /// The first position whose key is greater than `key`.
    func upperBound(_ key: ObjectKey) -> Position {
        firstPosition(from: start) { key < $0 }
    }

    /// Adds `key`; false when it was already there.
    @discardableResult
    mutating func insert(_ key: ObjectKey) -> Bool {
        guard !chunks.isEmpty else {
            chunks = [[key]]
            return true
        }
        let chunk = min(chunkIndex(for: key), chunks.count - 1)
        let index = Self.partition(chunks[chunk], from: 0) { !($0 < key) }
        if index < chunks[chunk].count, chunks[chunk][index] == key { return false }
        chunks[chunk].insert(key, at: index)
        if chunks[chunk].count > Self.chunkLimit {
            let upperHalf = Array(chunks[chunk][(Self.chunkLimit / 2)...])
            chunks[chunk].removeSubrange((Self.chunkLimit / 2)...)
            chunks.insert(upperHalf, at: chunk + 1)
        }
        return true
    }

    /// Removes `key`; false when it was not there.
    @discardableResult
    mutating func remove(_ key: ObjectKey) -> Bool {
        let chunk = chunkIndex(for: key)
        guard chunk < chunks.count else { return false }
        let index = Self.partition(chunks[chunk], from: 0) { !($0 < key) }
        guard index < chunks[chunk].count, chunks[chunk][index] == key else { return false }
        chunks[chunk].remove(at: index)
        if chunks[chunk].isEmpty { chunks.remove(at: chunk) }
        return true
    }

    /// The first chunk whose last key is not less than `key`; `chunks.count` when there is none.
    private func chunkIndex(for key: ObjectKey) -> Int {
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if let last = chunks[middle].last, !(last < key) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private static func partition(_ keys: [ObjectKey], from: Int, where predicate: (ObjectKey) -> Bool) -> Int {
        var low = from
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(keys[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
