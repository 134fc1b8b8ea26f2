/// A request's path split once into segments: `b`, the bucket, `o`, then the object name's segments, and for a
/// list one more segment, the listed folder's child, whose name is unknown.
struct RequestSegments {
    let bytes: [UInt8]
    let ranges: [Range<Int>]
    /// Whether the last segment is a list's unknown child.
    let endsWithUnknownChild: Bool

    init(_ request: RulesRequest) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(request.bucket.utf8.count + request.path.utf8.count + 8)
        var ranges: [Range<Int>] = []
        func add<Segment: Collection<UInt8>>(_ segment: Segment) {
            if !ranges.isEmpty { bytes.append(UInt8(ascii: "/")) }
            let start = bytes.count
            bytes.append(contentsOf: segment)
            ranges.append(start..<bytes.count)
        }
        add("b".utf8)
        add(request.bucket.utf8)
        add("o".utf8)
        let isList = request.method == .list
        if !(isList && request.path.isEmpty) {
            var start = request.path.utf8.startIndex
            let path = request.path.utf8
            while true {
                let end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.endIndex
                add(path[start..<end])
                if end == path.endIndex { break }
                start = path.index(after: end)
            }
        }
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

    func slice(_ index: Int) -> [UInt8] { Array(bytes[ranges[index]]) }

    func text(_ index: Int) -> String { String(decoding: bytes[ranges[index]], as: UTF8.self) }

    /// Segments `from..<to` joined with `/`; nil when they include the unknown child.
    func joined(_ from: Int, _ to: Int) -> String? {
        if to > from && isUnknown(to - 1) { return nil }
        guard to > from else { return "" }
        return String(decoding: bytes[ranges[from].lowerBound..<ranges[to - 1].upperBound], as: UTF8.self)
    }
}
