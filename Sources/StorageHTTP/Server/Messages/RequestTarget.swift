/// Splits a raw request target into its path and query without decoding anything.
enum RequestTarget {
    /// `/a?b` → (`/a`, `b`); `http://host/a?b` → (`/a`, `b`); `*` → (`*`, nil).
    static func split(_ target: String) -> (path: String, query: String?) {
        var rest = Substring(target)
        if let authorityStart = schemeEnd(of: rest) {
            rest = rest[authorityStart...]
            if let pathStart = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                rest = rest[pathStart...]
            } else {
                rest = ""
            }
        }
        guard let mark = rest.firstIndex(of: "?") else {
            return (rest.isEmpty ? "/" : String(rest), nil)
        }
        let path = rest[..<mark]
        return (path.isEmpty ? "/" : String(path), String(rest[rest.index(after: mark)...]))
    }

    /// The index after `scheme://` when the target is in absolute form.
    private static func schemeEnd(of target: Substring) -> Substring.Index? {
        guard let first = target.first, first != "/", first != "*",
              let range = target.range(of: "://") else { return nil }
        let scheme = target[..<range.lowerBound]
        guard scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }) else {
            return nil
        }
        return range.upperBound
    }
}
