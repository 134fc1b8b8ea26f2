import Primitives
import StorageSDK
import YAMLReader

/// Reads an event pattern: a YAML list or a space-separated string of items, each an event (`resume`,
/// `progress`, `pause`, `success`, `failure`, `failure(CODE)`, or a status with its snapshot's bytes,
/// `progress(256KiB/1MiB)`, either side `*` for any) with an optional count (`?`, `*`, `+`, `{n}`, `{n,m}`,
/// `{n,}`).
///
/// Decisions where docs/scenario-language.md is silent: `{n,}` (at least n) is accepted; `{,m}` is not (write
/// `{0,m}`); a list item may itself hold several space-separated items; `""` and `[]` both mean no events;
/// CODE is a `StorageErrorCode` name or number (`failure(cancelled)`, `failure(-13040)`).
enum EventPatternDecoding {
    static let statusNames = ["resume", "progress", "pause", "success", "failure"]

    /// The status names as bytes, for matching without making strings.
    private static let statuses: [(name: [UInt8], status: StorageTaskStatus)] = [
        (Array("resume".utf8), .resume), (Array("progress".utf8), .progress), (Array("pause".utf8), .pause),
        (Array("success".utf8), .success), (Array("failure".utf8), .failure),
    ]

    static func decode(_ node: YAMLNode, _ key: String, context: DecodingContext) -> EventPattern? {
        var items: [EventPattern.Item] = []
        var clean = true
        func read(_ text: String, at itemNode: YAMLNode) {
            let bytes = Array(text.utf8)
            var index = 0
            while index < bytes.count {
                guard !isSpace(bytes[index]) else {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, !isSpace(bytes[index]) { index += 1 }
                switch parseItem(bytes[start..<index]) {
                case .success(let item): items.append(item)
                case .failure(let problem):
                    let word = String(decoding: bytes[start..<index], as: UTF8.self)
                    context.error("\(key): bad pattern item \(YAMLNode.quoted(word)): \(problem.message)", at: itemNode)
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
                if text.utf8.allSatisfy(isSpace) {
                    context.error("\(key): an empty item in the pattern (write [] or \"\" for no events)", at: element)
                    clean = false
                }
                read(text, at: element)
            }
        default:
            context.typeMismatch(
                key, expected: "an event pattern (a list, or a string like \"resume progress+ success\")", found: node)
            return nil
        }
        return clean ? EventPattern(items: items) : nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Why a pattern item could not be read.
    struct Problem: Error, Equatable {
        var message: String
    }

    /// Reads one item: `progress+`, `failure(cancelled)`, `progress{1,8}`.
    static func parseItem(_ bytes: ArraySlice<UInt8>) -> Result<EventPattern.Item, Problem> {
        var index = bytes.startIndex
        while index < bytes.endIndex, (bytes[index] | 0x20) >= 0x61, (bytes[index] | 0x20) <= 0x7A { index += 1 }
        let nameBytes = bytes[bytes.startIndex..<index]
        guard let status = statuses.first(where: { $0.name.elementsEqual(nameBytes) })?.status else {
            let name = String(decoding: nameBytes, as: UTF8.self)
            if name.isEmpty {
                return .failure(Problem(message: "expected an event (\(statusNames.joined(separator: ", ")))"))
            }
            return .failure(Problem(message: "unknown event \"\(name)\"" + Suggestion.hint(for: name, in: statusNames)))
        }
        var event = EventPattern.Event(status: status)
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "(") {
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ")")) else {
                return .failure(Problem(message: "missing ) after the error code"))
            }
            let inside = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            if status == .failure {
                guard let code = StorageErrorCode(nameOrNumber: inside) else {
                    return .failure(Problem(message: ErrorCodeDecoding.unknownCodeMessage(inside)))
                }
                event.code = code
            } else {
                switch snapshot(inside) {
                case .success(let (completed, total)):
                    event.completed = completed
                    event.total = total
                case .failure(let problem):
                    return .failure(problem)
                }
            }
            index = close + 1
        }
        let suffix = bytes[index...]
        guard let (minimum, maximum) = count(suffix) else {
            let text = String(decoding: suffix, as: UTF8.self)
            return .failure(
                Problem(
                    message:
                        "expected a count ?, *, +, {n}, {n,m} or {n,} after the event, found \(YAMLNode.quoted(text))"))
        }
        if let maximum, maximum < minimum {
            let text = String(decoding: suffix, as: UTF8.self)
            return .failure(Problem(message: "the count \(text) has its minimum above its maximum"))
        }
        return .success(EventPattern.Item(event: event, minimum: minimum, maximum: maximum))
    }

    /// `256KiB/1MiB`, `*/1MiB`, `1024/*`: the completed and total bytes of an event's snapshot.
    private static func snapshot(_ text: String) -> Result<(Int64?, Int64?), Problem> {
        let sides = text.split(separator: "/", omittingEmptySubsequences: false)
        guard sides.count == 2 else {
            return .failure(
                Problem(
                    message:
                        "only failure names an error code; other events may name their bytes as COMPLETED/TOTAL (such as 256KiB/1MiB), not \"\(text)\""
                ))
        }
        var values: [Int64?] = []
        for side in sides {
            if side == "*" {
                values.append(nil)
                continue
            }
            switch ByteSize.parse(String(side), allowsPercent: false) {
            case .success(.bytes(let bytes)): values.append(bytes)
            case .success: return .failure(Problem(message: "expected bytes, found \"\(side)\""))
            case .failure(let problem): return .failure(Problem(message: problem.message))
            }
        }
        return .success((values[0], values[1]))
    }

    /// (minimum, maximum) of a count suffix; maximum nil for unbounded. Nil when the suffix is not a count.
    private static func count(_ suffix: ArraySlice<UInt8>) -> (Int, Int?)? {
        guard let first = suffix.first else { return (1, 1) }
        if suffix.count == 1 {
            switch first {
            case UInt8(ascii: "?"): return (0, 1)
            case UInt8(ascii: "*"): return (0, nil)
            case UInt8(ascii: "+"): return (1, nil)
            default: return nil
            }
        }
        guard first == UInt8(ascii: "{"), suffix.last == UInt8(ascii: "}") else { return nil }
        let inside = suffix.dropFirst().dropLast()
        guard let comma = inside.firstIndex(of: UInt8(ascii: ",")) else {
            return number(inside).map { ($0, $0) }
        }
        guard let low = number(inside[..<comma]) else { return nil }
        let rest = inside[(comma + 1)...]
        if rest.isEmpty { return (low, nil) }
        guard let high = number(rest) else { return nil }
        return (low, high)
    }

    /// A non-negative decimal of at most six digits (a count beyond that is surely a mistake).
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 6 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= 0x30, digit <= 0x39 else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        return value
    }
}
