import Foundation
import Primitives
import StorageAPI

/// A partial response's `fields=` parameter, as Google's JSON APIs read it: field names separated by commas, `a/b`
/// for a field inside another, `items(name,size)` for some fields of each element of an array (or of an object),
/// `*` for every field at its level. Applied to an answer, it keeps the fields selected and drops the rest.
package struct GCSFieldSelection: Equatable {
    /// How deep a selection may nest (`a(b/c)` is 3): GCS's resources nest four levels at most, and reading and
    /// applying a selection recurse once per level, so a caller must not choose the depth.
    package static let maximumDepth = 16
    /// How much of the text an error quotes.
    static let quotedLength = 40

    /// Field name (or `*`) to what of it is kept: nil for all of it.
    private(set) var fields: [String: GCSFieldSelection?] = [:]

    /// Reads `text`; a selection that cannot be read is a 400 naming where.
    init(parsing text: String) throws(BackendError) {
        var steps = 0
        try self.init(parsing: text, steps: &steps)
    }

    /// Reads `text`, adding to `steps` one for each character read and each field merged: the work done, which
    /// stays linear in the length of the text whatever it holds (the fuzz tests assert it).
    package init(parsing text: String, steps: inout Int) throws(BackendError) {
        var reader = Reader(Array(text.unicodeScalars))
        defer { steps += reader.steps }
        self = try reader.list()
        guard reader.atEnd else { throw reader.invalid("unexpected \(reader.rest)") }
    }

    private init() {}

    /// `value` with only the selected fields; arrays have each element filtered, other values pass as they are.
    package func apply(to value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                members.compactMap { member in
                    guard let selection = fields[member.key] ?? fields["*"] else { return nil }
                    return JSONValue.Member(member.key, selection.map { $0.apply(to: member.value) } ?? member.value)
                })
        case .array(let elements):
            return .array(elements.map(apply(to:)))
        default:
            return value
        }
    }

    /// Adds `path` (with what of its last field is kept: nil for all of it), counting a step per field merged.
    private mutating func add(_ path: ArraySlice<String>, _ selection: GCSFieldSelection?, steps: inout Int) {
        guard let first = path.first else { return }
        steps += 1
        var wanted = selection
        if path.count > 1 {
            var inner = GCSFieldSelection()
            inner.add(path.dropFirst(), selection, steps: &steps)
            wanted = inner
        }
        // Taken out while it grows, so its dictionary is not copied for each field merged into it.
        switch fields.removeValue(forKey: first) {
        case nil:
            fields[first] = .some(wanted)
        case .some(nil):
            fields[first] = .some(nil)  // all of it is kept already
        case .some(.some(var existing)):
            guard let wanted else {
                fields[first] = .some(nil)
                return
            }
            for (key, value) in wanted.fields { existing.add([key][...], value, steps: &steps) }
            fields[first] = .some(existing)
        }
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0 {
            didSet { steps += 1 }
        }
        /// Characters read and fields merged so far.
        var steps = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        var atEnd: Bool { index == scalars.count }
        var rest: String {
            let end = min(scalars.count, index + GCSFieldSelection.quotedLength)
            let excerpt = String(String.UnicodeScalarView(scalars[index..<end]))
            return end < scalars.count ? excerpt + "…" : excerpt
        }

        private func checkDepth(_ depth: Int) throws(BackendError) {
            guard depth > GCSFieldSelection.maximumDepth else { return }
            throw invalid("more than \(GCSFieldSelection.maximumDepth) levels of nesting")
        }

        /// Reads a comma-separated list whose fields sit `depth` levels down.
        mutating func list(depth: Int = 0) throws(BackendError) -> GCSFieldSelection {
            var selection = GCSFieldSelection()
            repeat {
                skipSpaces()
                var path = [try name()]
                while peek == "/" {
                    index += 1
                    path.append(try name())
                    try checkDepth(depth + path.count)
                }
                skipSpaces()
                var inner: GCSFieldSelection?
                if peek == "(" {
                    index += 1
                    try checkDepth(depth + path.count + 1)
                    inner = try list(depth: depth + path.count)
                    guard peek == ")" else { throw invalid("a ( without its )") }
                    index += 1
                    skipSpaces()
                }
                selection.add(path[...], inner, steps: &steps)
            } while consume(",")
            return selection
        }

        private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        private mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
            skipSpaces()
            guard peek == scalar else { return false }
            index += 1
            return true
        }

        private mutating func skipSpaces() {
            while peek == " " { index += 1 }
        }

        private mutating func name() throws(BackendError) -> String {
            var name = ""
            while let scalar = peek,
                scalar == "*" || scalar == "_" || scalar == "-" || scalar == "." || scalar == "$"
                    || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
            {
                name.unicodeScalars.append(scalar)
                index += 1
            }
            guard !name.isEmpty else { throw invalid("expected a field name") }
            return name
        }

        func invalid(_ what: String) -> BackendError {
            .badRequest("Invalid field selection: \(what) at character \(index + 1) of fields.")
        }
    }
}
