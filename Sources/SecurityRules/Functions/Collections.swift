/// The methods of lists, sets, maps and map diffs.
enum Collections {
    static func method(_ method: Method, of items: [Value], _ arguments: [Value]) throws(EvaluationError) -> Value {
        switch method {
        case .size: return .int(Int64(items.count))
        case .hasAny, .hasAll, .hasOnly: return .bool(try membership(method, Set(items), arguments[0]))
        case .toSet: return .set(Set(items))
        case .concat:
            guard case .list(let other) = arguments[0] else { throw EvaluationError("concat takes a list") }
            guard items.count + other.count <= RulesLimits.collectionElements else {
                throw EvaluationError("list longer than \(RulesLimits.collectionElements) elements")
            }
            return .list(items + other)
        case .removeAll:
            let removed = try elements(arguments[0], "removeAll")
            return .list(items.filter { !removed.contains($0) })
        case .join:
            guard case .string(let separator) = arguments[0] else { throw EvaluationError("join takes a string") }
            var parts: [String] = []
            var length = 0
            for item in items {
                guard case .string(let text) = item else { throw EvaluationError("join needs a list of strings") }
                length += text.utf8.count + separator.utf8.count
                guard length <= RulesLimits.valueBytes else { throw EvaluationError("join makes too long a string") }
                parts.append(text)
            }
            return .string(parts.joined(separator: separator))
        default:
            throw EvaluationError("list has no method '\(method.rawValue)'")
        }
    }

    static func method(_ method: Method, of items: Set<Value>, _ arguments: [Value]) throws(EvaluationError) -> Value {
        switch method {
        case .size: return .int(Int64(items.count))
        case .hasAny, .hasAll, .hasOnly: return .bool(try membership(method, items, arguments[0]))
        case .union:
            let result = items.union(try elements(arguments[0], "union"))
            guard result.count <= RulesLimits.collectionElements else {
                throw EvaluationError("set larger than \(RulesLimits.collectionElements) elements")
            }
            return .set(result)
        case .intersection: return .set(items.intersection(try elements(arguments[0], "intersection")))
        case .difference: return .set(items.subtracting(try elements(arguments[0], "difference")))
        default:
            throw EvaluationError("set has no method '\(method.rawValue)'")
        }
    }

    static func method(_ method: Method, of entries: [String: Value], _ arguments: [Value]) throws(EvaluationError)
        -> Value
    {
        switch method {
        case .size: return .int(Int64(entries.count))
        case .keys: return .list(entries.keys.sorted().map { .string($0) })
        case .values: return .list(entries.sorted { $0.key < $1.key }.map(\.value))
        case .get:
            switch arguments[0] {
            case .string(let key): return entries[key] ?? arguments[1]
            case .list(let keys):
                var current = Value.map(entries)
                for key in keys {
                    guard case .string(let name) = key else { throw EvaluationError("get takes a list of string keys") }
                    guard case .map(let level) = current, let next = level[name] else { return arguments[1] }
                    current = next
                }
                return current
            default:
                throw EvaluationError("get takes a key or a list of keys")
            }
        case .diff:
            guard case .map(let other) = arguments[0] else { throw EvaluationError("diff takes a map") }
            return .mapDiff(MapDiff(left: entries, right: other))
        default:
            throw EvaluationError("map has no method '\(method.rawValue)'")
        }
    }

    /// `this.diff(other)`: keys added are in this map and not the other, removed the reverse.
    static func method(_ method: Method, of diff: MapDiff) throws(EvaluationError) -> Value {
        let left = Set(diff.left.keys)
        let right = Set(diff.right.keys)
        let shared = left.intersection(right)
        let changed = shared.filter { diff.left[$0] != diff.right[$0] }
        let keys: Set<String>
        switch method {
        case .addedKeys: keys = left.subtracting(right)
        case .removedKeys: keys = right.subtracting(left)
        case .changedKeys: keys = changed
        case .affectedKeys: keys = left.symmetricDifference(right).union(changed)
        case .unchangedKeys: keys = shared.subtracting(changed)
        default: throw EvaluationError("map_diff has no method '\(method.rawValue)'")
        }
        return .set(Set(keys.map { .string($0) }))
    }

    private static func elements(_ value: Value, _ name: String) throws(EvaluationError) -> Set<Value> {
        switch value {
        case .list(let items): return Set(items)
        case .set(let items): return items
        default: throw EvaluationError("\(name) takes a list or a set, not \(value.typeName)")
        }
    }

    private static func membership(_ method: Method, _ items: Set<Value>, _ argument: Value) throws(EvaluationError)
        -> Bool
    {
        let other = try elements(argument, method.rawValue)
        switch method {
        case .hasAny: return !items.isDisjoint(with: other)
        case .hasAll: return other.isSubset(of: items)
        default: return items.isSubset(of: other)
        }
    }
}
