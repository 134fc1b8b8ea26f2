import Foundation
import StorageAPI

/// The listing algorithm over one bucket's sorted names.
///
/// Every name under `prefix` is either an item (no delimiter after the prefix) or belongs to the
/// prefix entry ending at its first delimiter after the prefix. The names of one prefix entry are
/// contiguous in byte order and sort after the entry itself, so one forward walk yields items and
/// prefixes merged in byte order; a prefix's names are skipped with one binary search.
///
/// Filtering, the Firebase layer's (`hidesEmptySegments`): an item is listed only when its name splits at `/` into
/// non-empty segments; a prefix entry only when the segment it adds is non-empty and it is such a path without its
/// delimiter. Without it every name is listed, as Cloud Storage lists them.
struct ListScanner {
    let names: SortedKeyList
    let prefix: [UInt8]
    /// Non-empty, or nil for a recursive listing (every name is an item).
    let delimiter: [UInt8]?
    let hidesEmptySegments: Bool

    /// Up to `limit` listable entries strictly after `cursor` and after the name `startAfter` (a prefix entry too
    /// sorts after it, or is passed over with all its names), and whether another listable entry follows.
    func page(after cursor: ListEntry?, startAfter: [UInt8]? = nil, limit: Int) -> (entries: [ListEntry], hasMore: Bool)
    {
        // Every name under a prefix that starts with `/` or holds `//` has an empty segment: skip the walk.
        if hidesEmptySegments,
            prefix.first == UInt8(ascii: "/") || Self.firstIndex(of: Array("//".utf8), in: prefix, from: 0) != nil
        {
            return ([], false)
        }
        var position = names.lowerBound(ObjectKey(bytes: prefix))
        if let cursor {
            position = max(position, resumePosition(after: cursor))
        }
        if let startAfter {
            position = max(position, names.upperBound(ObjectKey(bytes: startAfter)))
        }
        var entries: [ListEntry] = []
        while let key = names.key(at: position), key.hasPrefix(prefix) {
            let (entry, next) = classify(key, at: position)
            if let entry, startAfter.map({ $0.lexicographicallyPrecedes(entry.bytes) }) ?? true {
                if entries.count == limit { return (entries, true) }
                entries.append(entry)
            }
            position = next
        }
        return (entries, false)
    }

    private func resumePosition(after cursor: ListEntry) -> SortedKeyList.Position {
        let key = ObjectKey(bytes: cursor.bytes)
        switch cursor.kind {
        case .item:
            return names.upperBound(key)
        case .prefix:
            return names.firstPosition(from: names.lowerBound(key)) { !$0.hasPrefix(cursor.bytes) }
        }
    }

    /// The listable entry `key` contributes (nil when filtered out) and where the walk goes next.
    private func classify(_ key: ObjectKey, at position: SortedKeyList.Position) -> (ListEntry?, SortedKeyList.Position)
    {
        let bytes = key.bytes
        guard let delimiter, let found = Self.firstIndex(of: delimiter, in: bytes, from: prefix.count) else {
            let listable = !hidesEmptySegments || ObjectNameRules.isWellFormedPath(bytes, count: bytes.count)
            return (listable ? ListEntry(kind: .item, bytes: bytes) : nil, names.position(after: position))
        }
        let entryBytes = Array(bytes[..<(found + delimiter.count)])
        let next = names.firstPosition(from: position) { !$0.hasPrefix(entryBytes) }
        let listable =
            !hidesEmptySegments || (found > prefix.count && ObjectNameRules.isWellFormedPath(bytes, count: found))
        return (listable ? ListEntry(kind: .prefix, bytes: entryBytes) : nil, next)
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        haystack.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                guard let first = needle.first, let base = haystack.baseAddress, let needleBase = needle.baseAddress,
                    start >= 0,
                    haystack.count - start >= needle.count
                else { return nil }
                let lastStart = haystack.count - needle.count
                var index = start
                while index <= lastStart {
                    if haystack[index] == first
                        && (needle.count == 1 || memcmp(base + index, needleBase, needle.count) == 0)
                    {
                        return index
                    }
                    index += 1
                }
                return nil
            }
        }
    }
}
