import Primitives

/// An ordered list of HTTP header fields with case-insensitive name lookup.
///
/// Order and duplicates are kept exactly as added (or as received on the wire); lookups compare names
/// ignoring ASCII case, so `headers["content-type"]` finds a field sent as `Content-Type`.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field as it appears in the list.
    public typealias Element = (name: String, value: String)

    private var fields: [Field]

    /// An empty header list.
    public init() {
        fields = []
    }

    /// Headers in the given order; duplicates are kept.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The number of fields, duplicates included.
    public var count: Int { fields.count }

    public var isEmpty: Bool { fields.isEmpty }

    /// The value of the first field named `name` (any case), or `nil`.
    ///
    /// Setting a value replaces every field of that name with one field at the position of the first;
    /// setting `nil` removes them all.
    public subscript(name: String) -> String? {
        get {
            fields.first { Self.namesMatch($0.name, name) }?.value
        }
        set {
            if let newValue {
                set(name: name, value: newValue)
            } else {
                remove(name: name)
            }
        }
    }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` with a single field (at the first one's position, or at the end).
    public mutating func set(name: String, value: String) {
        if let first = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) {
            fields[first] = Field(name: name, value: value)
            var index = fields.index(after: first)
            while index < fields.endIndex {
                if Self.namesMatch(fields[index].name, name) {
                    fields.remove(at: index)
                } else {
                    index += 1
                }
            }
        } else {
            add(name: name, value: value)
        }
    }

    /// Removes every field named `name`.
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// The values of every field named `name`, in order.
    public func values(for name: String) -> [String] {
        fields.compactMap { Self.namesMatch($0.name, name) ? $0.value : nil }
    }

    /// Whether any field is named `name`.
    public func contains(name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    public func makeIterator() -> Iterator {
        Iterator(base: fields.makeIterator())
    }

    /// Iterates the fields in order.
    public struct Iterator: IteratorProtocol {
        fileprivate var base: IndexingIterator<[Field]>

        public mutating func next() -> Element? {
            base.next().map { ($0.name, $0.value) }
        }
    }

    /// Compares two header names ignoring ASCII case.
    static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        guard left.count == right.count else { return false }
        for (a, b) in zip(left, right) where a != b {
            if ASCII.lowercased(a) != ASCII.lowercased(b) { return false }
        }
        return true
    }

    fileprivate struct Field: Sendable, Equatable {
        var name: String
        var value: String
    }
}

extension HTTPHeaders: CustomStringConvertible {
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}
