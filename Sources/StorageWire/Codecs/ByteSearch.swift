import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds byte patterns in a request body by offset from its start, without copying it.
package struct ByteSearch {
    package let data: Data

    package init(_ data: Data) {
        self.data = data
    }

    package var count: Int { data.count }

    package func byte(at offset: Int) -> UInt8? {
        offset < data.count ? data[data.startIndex + offset] : nil
    }

    package func hasPrefix(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, data.count - offset >= pattern.count else { return false }
        let start = data.startIndex + offset
        return data[start..<(start + pattern.count)].elementsEqual(pattern)
    }

    /// The offset of the first `pattern` at or after `offset`.
    package func find(_ pattern: [UInt8], from offset: Int) -> Int? {
        guard !pattern.isEmpty, offset >= 0, data.count - offset >= pattern.count else { return nil }
        let last = data.count - pattern.count
        return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            return pattern.withUnsafeBytes { needle -> Int? in
                guard let needleBase = needle.baseAddress else { return nil }
                var position = offset
                while position <= last {
                    guard let hit = memchr(base + position, Int32(pattern[0]), last - position + 1) else { return nil }
                    let index = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + index, needleBase, pattern.count) == 0 { return index }
                    position = index + 1
                }
                return nil
            }
        }
    }

    /// The bytes between two offsets, sharing the body's storage.
    package func slice(_ start: Int, _ end: Int) -> Data {
        data[(data.startIndex + start)..<(data.startIndex + end)]
    }
}
