import Primitives

/// Assembles nodes into a document tree without recursion: the children of every open collection sit on
/// one flat stack (a mapping's as key, value, key, value, …) and are moved into an array when the
/// collection closes. It checks that keys are scalars and unique, and that nesting stays within the
/// limit. Both stacks reuse their slots (`…Count` marks the live part), which avoids generic array
/// operations that are slow in debug builds.
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
    private static let placeholder = YAMLNode(value: .null, location: SourceLocation(line: 0, column: 0, offset: 0))

    private let file: SourceFile
    private let maximumDepth: Int
    private var open: [OpenCollection] = []
    private var openCount = 0
    private var children: [YAMLNode] = []
    private var childCount = 0
    private var root: YAMLNode?

    init(file: SourceFile, maximumDepth: Int) {
        self.file = file
        self.maximumDepth = maximumDepth
    }

    /// Where the innermost open collection starts.
    var currentCollectionLocation: SourceLocation? { openCount > 0 ? open[openCount - 1].location : nil }

    mutating func beginSequence(at location: SourceLocation) throws(Diagnostic) {
        try begin(isMapping: false, at: location)
    }

    mutating func beginMapping(at location: SourceLocation) throws(Diagnostic) {
        try begin(isMapping: true, at: location)
    }

    private mutating func begin(isMapping: Bool, at location: SourceLocation) throws(Diagnostic) {
        guard openCount < maximumDepth else {
            throw file.diagnostic(at: location, "nesting is deeper than \(maximumDepth) levels")
        }
        let collection = OpenCollection(isMapping: isMapping, location: location, start: childCount)
        if openCount < open.count {
            open[openCount] = collection
        } else {
            open.append(collection)
        }
        openCount += 1
    }

    /// Closes the innermost collection and adds it to its parent.
    mutating func endCollection() throws(Diagnostic) {
        guard openCount > 0 else { return }
        openCount -= 1
        let start = open[openCount].start
        let location = open[openCount].location
        open[openCount].keyIndex = nil
        let node: YAMLNode
        if open[openCount].isMapping {
            if (childCount - start) % 2 == 1 {
                push(YAMLNode(value: .null, location: children[childCount - 1].location, style: .plain))
            }
            var pairs: [YAMLPair] = []
            pairs.reserveCapacity((childCount - start) / 2)
            var index = start
            while index < childCount {
                pairs.append(YAMLPair(key: takeChild(at: index), value: takeChild(at: index + 1)))
                index += 2
            }
            node = YAMLNode(value: .mapping(pairs), location: location)
        } else {
            var items: [YAMLNode] = []
            items.reserveCapacity(childCount - start)
            var index = start
            while index < childCount {
                items.append(takeChild(at: index))
                index += 1
            }
            node = YAMLNode(value: .sequence(items), location: location)
        }
        childCount = start
        try add(node)
    }

    /// Adds a finished node: the root, a sequence item, a key, or the value of the pending key.
    mutating func add(_ node: YAMLNode) throws(Diagnostic) {
        guard openCount > 0 else {
            root = node
            return
        }
        let top = openCount - 1
        if open[top].isMapping, (childCount - open[top].start) % 2 == 0 {
            try checkKey(node, in: top)
        }
        push(node)
    }

    /// The finished root (null if the document was empty), ready for the next document.
    mutating func takeRoot(emptyAt location: SourceLocation) -> YAMLNode {
        let node = root ?? YAMLNode(value: .null, location: location, style: .plain)
        root = nil
        return node
    }

    private mutating func push(_ node: YAMLNode) {
        if childCount < children.count {
            children[childCount] = node
        } else {
            children.append(node)
        }
        childCount += 1
    }

    /// Moves a child out of the stack, leaving a value-less placeholder (no reference counting).
    private mutating func takeChild(at index: Int) -> YAMLNode {
        var node = TreeBuilder.placeholder
        swap(&node, &children[index])
        return node
    }

    /// A new key of the mapping `open[top]` must be a scalar not equal to an earlier key.
    private mutating func checkKey(_ key: YAMLNode, in top: Int) throws(Diagnostic) {
        guard key.style != nil else {
            throw file.diagnostic(at: key.location, "a mapping key must be a scalar, not a \(key.typeName)")
        }
        let start = open[top].start
        var duplicateOf: Int?
        if open[top].keyIndex == nil, (childCount - start) / 2 < TreeBuilder.linearSearchLimit {
            var position = start
            while position < childCount {
                if TreeBuilder.sameKey(children[position].value, key.value) {
                    duplicateOf = position
                    break
                }
                position += 2
            }
        } else {
            guard let identity = KeyIdentity(key.value) else { return }
            if open[top].keyIndex == nil {
                var index: [KeyIdentity: Int] = [:]
                var position = start
                while position < childCount {
                    if let earlier = KeyIdentity(children[position].value) { index[earlier] = position }
                    position += 2
                }
                open[top].keyIndex = index
            }
            duplicateOf = open[top].keyIndex?[identity]
            if duplicateOf == nil { open[top].keyIndex?[identity] = childCount }
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
