import StorageModel

/// Reads an event pattern: a YAML list or a space-separated string of items, each an event (`resume`,
/// `progress`, `pause`, `success`, `failure`, `failure(CODE)`) with an optional count (`?`, `*`, `+`,
/// `{n}`, `{n,m}`, `{n,}`).
///
/// Decisions where the language page is silent: `{n,}` (at least n) is accepted; `{,m}` is not (write
/// `{0,m}`); a list item may itself hold several space-separated items; `""` and `[]` both mean no events;
/// CODE is a `StorageErrorCode` name or number (`failure(cancelled)`, `failure(-13040)`).
enum EventPatternDecoding {
    static let statusNames = ["resume", "progress", "pause", "success", "failure"]

    static func decode(_ node: YAMLNode, _ key: String, context: DecodingContext) -> EventPattern? {
        var items: [EventPattern.Item] = []
        var clean = true
        func read(_ text: String, at itemNode: YAMLNode) {
            for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
                switch parseItem(String(word)) {
                case .success(let item): items.append(item)
                case .failure(let problem):
                    context.error("\(key): bad pattern item \(YAMLNode.quoted(String(word))): \(problem.message)", at: itemNode)
                    clean = false
                }
            }
        }
        switch node.value {
        case .string(let text):
            read(text, at: node)
        case .sequence(let elements):
            for element in elements {
                guard case .string(let text) = element.value else {
                    context.typeMismatch(key, expected: "an event like progress+ (a string)", found: element)
                    clean = false
                    continue
                }
                if text.allSatisfy({ $0 == " " || $0 == "\t" }) {
                    context.error("\(key): an empty item in the pattern (write [] or \"\" for no events)", at: element)
                    clean = false
                }
                read(text, at: element)
            }
        default:
            context.typeMismatch(key, expected: "an event pattern (a list, or a string like \"resume progress+ success\")", found: node)
            return nil
        }
        return clean ? EventPattern(items: items) : nil
    }

    /// Why a pattern item could not be read.
    struct Problem: Error, Equatable {
        var message: String
    }

    /// Reads one item: `progress+`, `failure(cancelled)`, `progress{1,8}`.
    static func parseItem(_ text: String) -> Result<EventPattern.Item, Problem> {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count, scalars[index].properties.isAlphabetic { index += 1 }
        let name = String(String.UnicodeScalarView(scalars[0..<index]))
        guard let status = StorageTaskStatus.allCases.first(where: { $0 != .unknown && $0.description == name }) else {
            if name.isEmpty { return .failure(Problem(message: "expected an event (\(statusNames.joined(separator: ", ")))")) }
            return .failure(Problem(message: "unknown event \"\(name)\"" + Suggestion.hint(for: name, in: statusNames)))
        }
        var event = EventPattern.Event(status: status)
        if index < scalars.count, scalars[index] == "(" {
            guard let close = scalars[index...].firstIndex(of: ")") else {
                return .failure(Problem(message: "missing ) after the error code"))
            }
            let codeText = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            guard status == .failure else {
                return .failure(Problem(message: "only failure names an error code"))
            }
            guard let code = StorageErrorCode(nameOrNumber: codeText) else {
                return .failure(Problem(message: ErrorCodeDecoding.unknownCodeMessage(codeText)))
            }
            event.code = code
            index = close + 1
        }
        let suffix = String(String.UnicodeScalarView(scalars[index...]))
        guard let (minimum, maximum) = count(suffix) else {
            return .failure(Problem(message: "expected a count ?, *, +, {n}, {n,m} or {n,} after the event, found \(YAMLNode.quoted(suffix))"))
        }
        if let maximum, maximum < minimum {
            return .failure(Problem(message: "the count \(suffix) has its minimum above its maximum"))
        }
        return .success(EventPattern.Item(event: event, minimum: minimum, maximum: maximum))
    }

    /// (minimum, maximum) of a count suffix; maximum nil for unbounded. Nil when the suffix is not a count.
    private static func count(_ suffix: String) -> (Int, Int?)? {
        switch suffix {
        case "": return (1, 1)
        case "?": return (0, 1)
        case "*": return (0, nil)
        case "+": return (1, nil)
        default: break
        }
        guard suffix.hasPrefix("{"), suffix.hasSuffix("}"), suffix.count >= 3 else { return nil }
        let inside = suffix.dropFirst().dropLast()
        let bounds = inside.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        guard let low = number(bounds[0]) else { return nil }
        if bounds.count == 1 { return (low, low) }
        if bounds[1].isEmpty { return (low, nil) }
        guard let high = number(bounds[1]) else { return nil }
        return (low, high)
    }

    /// A non-negative decimal of at most six digits (a count beyond that is surely a mistake).
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 6, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
