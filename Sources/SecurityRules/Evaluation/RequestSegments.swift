/// A request's path split once into segments: `b`, the bucket, `o`, then the object name's segments, and for a
/// list one more segment, the listed folder's child, whose name is unknown.
struct RequestSegments {
    let bytes: [UInt8]
    let ranges: [Range<Int>]
    /// Whether the last segment is a list's unknown child.
    let endsWithUnknownChild: Bool

    init(_ request: RulesRequest) {
        let isList = request.method == .list
        var text = "b/"
        text += request.bucket
        text += "/o"
        if !(isList && request.path.isEmpty) {
            text += "/"
            text += request.path
        }
        var bytes = Array(text.utf8)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(8)
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") {
            ranges.append(start..<index)
            start = index + 1
        }
        ranges.append(start..<bytes.count)
        if isList {
            bytes.append(UInt8(ascii: "/"))
            ranges.append(bytes.count..<bytes.count)
        }
        self.bytes = bytes
        self.ranges = ranges
        endsWithUnknownChild = isList
    }

    var count: Int { ranges.count }

    func isUnknown(_ index: Int) -> Bool { endsWithUnknownChild && index == ranges.count - 1 }

    func equals(_ index: Int, _ literal: [UInt8]) -> Bool {
        let range = ranges[index]
        return range.count == literal.count && bytes[range].elementsEqual(literal)
    }

    func text(_ index: Int) -> String { String(decoding: bytes[ranges[index]], as: UTF8.self) }

    /// Segments `from..<to` joined with `/`; nil when they include the unknown child.
    func joined(_ from: Int, _ to: Int) -> String? {
        if to > from && isUnknown(to - 1) { return nil }
        guard to > from else { return "" }
        return String(decoding: bytes[ranges[from].lowerBound..<ranges[to - 1].upperBound], as: UTF8.self)
    }
}
