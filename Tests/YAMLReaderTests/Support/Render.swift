import YAMLReader

/// Compact renderings of parsed trees for assertions.
enum Render {
    /// A readable JSON-like form: `{"a":[1,2.5,null,true,"x"]}`; floats keep a `.` (`1.0`), NaN is `.nan`.
    static func tree(_ node: YAMLNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .int(let int): return String(int)
        case .float(let double): return double.isNaN ? ".nan" : String(double)
        case .string(let string): return PythonJSON.quote(string)
        case .sequence(let items): return "[" + items.map(tree).joined(separator: ",") + "]"
        case .mapping(let pairs):
            return "{" + pairs.map { tree($0.key) + ":" + tree($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// The exact form the PyYAML cross-check compares: like `tree`, but a float is its bit pattern
    /// (`f` and 16 hex digits) so nothing is lost in formatting.
    static func exact(_ node: YAMLNode) -> String {
        switch node.value {
        case .float(let double):
            if double.isNaN { return "fnan" }
            let hex = String(double.bitPattern, radix: 16)
            return "f" + String(repeating: "0", count: 16 - hex.count) + hex
        case .sequence(let items): return "[" + items.map(exact).joined(separator: ",") + "]"
        case .mapping(let pairs):
            return "{" + pairs.map { exact($0.key) + ":" + exact($0.value) }.joined(separator: ",") + "}"
        default: return tree(node)
        }
    }

    /// Whether any node of the tree is read differently by YAML 1.1 loaders.
    static func containsVersionAmbiguity(_ node: YAMLNode) -> Bool {
        if node.isVersionAmbiguous { return true }
        switch node.value {
        case .sequence(let items): return items.contains(where: containsVersionAmbiguity)
        case .mapping(let pairs):
            return pairs.contains { containsVersionAmbiguity($0.key) || containsVersionAmbiguity($0.value) }
        default: return false
        }
    }
}

/// JSON string quoting exactly as Python's `json.dumps(s)` does it (`ensure_ascii=True`).
enum PythonJSON {
    static func quote(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value >= 0x20 && scalar.value < 0x7F {
                    out.unicodeScalars.append(scalar)
                } else if scalar.value <= 0xFFFF {
                    out += escape(scalar.value)
                } else {
                    let value = scalar.value - 0x10000
                    out += escape(0xD800 + (value >> 10)) + escape(0xDC00 + (value & 0x3FF))
                }
            }
        }
        return out + "\""
    }

    private static func escape(_ unit: UInt32) -> String {
        let hex = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
