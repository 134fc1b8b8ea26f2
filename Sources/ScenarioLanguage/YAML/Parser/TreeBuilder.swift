/// Assembles nodes into a document tree without recursion: the children of every open collection sit on
/// one flat stack (a mapping's as key, value, key, value, …) and become an array when the collection
/// closes. It checks that keys are scalars and unique, and that nesting stays within the limit.
struct TreeBuilder {
    private struct OpenCollection {
        var isMapping: Bool
        var location: SourceLocation
        /// Index in `children` of the first child.
        var start: Int
        /// Key lookup for mappings that grew past a few keys (smaller ones are searched linearly).
        var keyIndex: [KeyIdentity: Int]?
    }

    private static let linearSearchLimit = 8

    private let file: SourceFile
    private let maximumDepth: Int
    private var open: [OpenCollection] = []
    private var children: [YAMLNode] = []
    private var root: YAMLNode?

    init(file: SourceFile, maximumDepth: Int) {
        self.file = file
        self.maximumDepth = maximumDepth
    }

    /// Where the innermost open collection starts.
    var currentCollectionLocation: SourceLocation? { open.last?.location }

    mutating func beginSequence(at location: SourceLocation) throws(Diagnostic) {
        try begin(isMapping: false, at: location)
    }

    mutating func beginMapping(at location: SourceLocation) throws(Diagnostic) {
        try begin(isMapping: true, at: location)
    }

    private mutating func begin(isMapping: Bool, at location: SourceLocation) throws(Diagnostic) {
        guard open.count < maximumDepth else {
            throw file.diagnostic(at: location, "nesting is deeper than \(maximumDepth) levels")
        }
        open.append(OpenCollection(isMapping: isMapping, location: location, start: children.count))
    }

    /// Closes the innermost collection and adds it to its parent.
    mutating func endCollection() throws(Diagnostic) {
        guard let collection = open.popLast() else { return }
        let start = collection.start
        let node: YAMLNode
        if collection.isMapping {
            if (children.count - start) % 2 == 1, let key = children.last {
                children.append(YAMLNode(value: .null, location: key.location, style: .plain))
            }
            var pairs: [YAMLPair] = []
            pairs.reserveCapacity((children.count - start) / 2)
            var index = start
            while index < children.count {
                pairs.append(YAMLPair(key: takeChild(at: index), value: takeChild(at: index + 1)))
                index += 2
            }
            node = YAMLNode(value: .mapping(pairs), location: collection.location)
        } else {
            var items: [YAMLNode] = []
            items.reserveCapacity(children.count - start)
            for index in start..<children.count {
                items.append(takeChild(at: index))
            }
            node = YAMLNode(value: .sequence(items), location: collection.location)
        }
        children.removeSubrange(start...)
        try add(node)
    }

    /// Moves a child out of the stack, leaving a value-less placeholder (no reference counting).
    @inline(__always)
    private mutating func takeChild(at index: Int) -> YAMLNode {
        var node = TreeBuilder.placeholder
        swap(&node, &children[index])
        return node
    }

    private static let placeholder = YAMLNode(value: .null, location: SourceLocation(line: 0, column: 0, offset: 0))

    /// Adds a finished node: the root, a sequence item, a key, or the value of the pending key.
    mutating func add(_ node: YAMLNode) throws(Diagnostic) {
        let top = open.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        if open[top].isMapping, (children.count - open[top].start) % 2 == 0 {
            try checkKey(node, in: top)
        }
        children.append(node)
    }

    /// The finished root (null if the document was empty), ready for the next document.
    mutating func takeRoot(emptyAt location: SourceLocation) -> YAMLNode {
        let node = root ?? YAMLNode(value: .null, location: location, style: .plain)
        root = nil
        return node
    }

    /// A new key of the mapping `open[top]` must be a scalar not equal to an earlier key.
    private mutating func checkKey(_ key: YAMLNode, in top: Int) throws(Diagnostic) {
        guard key.style != nil else {
            throw file.diagnostic(at: key.location, "a mapping key must be a scalar, not a \(key.typeName)")
        }
        guard let identity = KeyIdentity(key.value) else { return }
        let start = open[top].start
        let keyCount = (children.count - start) / 2
        if open[top].keyIndex == nil, keyCount >= TreeBuilder.linearSearchLimit {
            var index: [KeyIdentity: Int] = [:]
            var position = start
            while position < children.count {
                if let earlier = KeyIdentity(children[position].value) { index[earlier] = position }
                position += 2
            }
            open[top].keyIndex = index
        }
        var duplicateOf: Int?
        if open[top].keyIndex != nil {
            duplicateOf = open[top].keyIndex?[identity]
            if duplicateOf == nil { open[top].keyIndex?[identity] = children.count }
        } else {
            var position = start
            while position < children.count {
                if TreeBuilder.sameKey(children[position].value, key.value) {
                    duplicateOf = position
                    break
                }
                position += 2
            }
        }
        if let duplicateOf {
            throw file.diagnostic(at: key.location, duplicateMessage(key, first: children[duplicateOf]))
        }
    }

    /// Whether two scalar values are the same key (as `KeyIdentity` compares them), without building
    /// identities for the common string case.
    private static func sameKey(_ left: YAMLValue, _ right: YAMLValue) -> Bool {
        if case .string(let leftString) = left {
            guard case .string(let rightString) = right else { return false }
            return leftString == rightString && leftString.utf8.elementsEqual(rightString.utf8)
        }
        guard let leftIdentity = KeyIdentity(left) else { return false }
        return leftIdentity == KeyIdentity(right)
    }

    private func duplicateMessage(_ key: YAMLNode, first: YAMLNode) -> String {
        let shown = describe(key.value)
        let firstShown = describe(first.value)
        let same = shown == firstShown ? "" : " (equal to \(firstShown))"
        return "duplicate key \(shown)\(same): first defined on line \(first.location.line)"
    }

    private func describe(_ value: YAMLValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let bool): return String(bool)
        case .int(let int): return String(int)
        case .float(let double): return String(double)
        case .string(let string):
            let shown = string.count > 60 ? String(string.prefix(57)) + "..." : string
            return "'\(shown)'"
        case .sequence, .mapping: return value.typeName
        }
    }
}
