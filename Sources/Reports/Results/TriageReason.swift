/// The text failures are grouped by for triage when no manifest explains them: the failing step's verb and
/// the failure's kind, then its message with what differs from one scenario to the next taken out (numbers,
/// quoted values, lists, task names, file paths, bucket names), so that 39 failures read as the few reasons
/// they are. `put: EventMismatch — task delivered other events: expected resume failure(unknown), actual
/// resume progress(N/N) success`.
public enum TriageReason {
    /// The reason of a failure with its pin (`step 4 (line 42) put: EventMismatch`, `given: SeedFailed`) and
    /// message; without a pin, the message alone.
    public static func of(pin: String?, message: String) -> String {
        let text = normalise(message)
        guard let pin, let place = place(of: pin) else { return text }
        return text.isEmpty ? place : "\(place) — \(text)"
    }

    /// `put: EventMismatch` from `step 4 (line 42) put: EventMismatch`; `given: SeedFailed` as it is.
    private static func place(of whole: String) -> String? {
        let pin = whole.range(of: " [").map { String(whole[..<$0.lowerBound]) } ?? whole
        guard pin.hasPrefix("step ") else { return pin }
        guard let close = pin.firstIndex(of: ")") else { return nil }
        return String(pin[pin.index(after: close)...].drop { $0 == " " })
    }

    /// The message without the values that make it particular to one scenario.
    public static func normalise(_ message: String) -> String {
        var out = ""
        let characters = Array(removingLocations(message))
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\"":
                index = skipQuoted(characters, from: index)
                out += "\"…\""
            case "[":
                index = skipBracketed(characters, from: index)
                out += "[…]"
            default:
                if character.isNumber || character.isLetter || "-_./@".contains(character) {
                    let end = wordEnd(characters, from: index)
                    out += word(String(characters[index..<end]))
                    index = end
                } else {
                    out.append(character)
                    index += 1
                }
            }
        }
        return collapsingTaskNames(out)
    }

    /// A word as it is grouped: a path or a name with digits in it is `…`, a number is `N`.
    private static func word(_ word: String) -> String {
        if word.allSatisfy(\.isNumber) { return "N" }
        let hasDigit = word.contains(where: \.isNumber)
        if word.contains(".yaml") || (word.hasPrefix("/") && word.contains(where: \.isLetter)) { return "FILE" }
        if word.hasPrefix("http") { return "URL" }
        let numeric = word.allSatisfy { $0.isNumber || "/.-:".contains($0) }
        if hasDigit && !numeric && word.count >= 8 { return "…" }
        guard hasDigit else { return word }
        var out = ""
        var inNumber = false
        for character in word {
            if character.isNumber {
                if !inNumber { out += "N" }
                inNumber = true
            } else {
                out.append(character)
                inNumber = false
            }
        }
        return out
    }

    /// `task put@102` and `task up` are `task`: a task's name is the scenario's own.
    private static func collapsingTaskNames(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index + 1 < words.count {
            if words[index] == "task", words[index + 1].first?.isLetter == true || words[index + 1] == "…" {
                words.remove(at: index + 1)
            }
            index += 1
        }
        return words.joined(separator: " ")
    }

    /// `(line 27)` and ` at FILE:LINE:COL` say where, not what: they go.
    private static func removingLocations(_ message: String) -> String {
        var text = message
        while let range = text.range(of: #"\s*\(line \d+\)"#, options: .regularExpression) {
            text.removeSubrange(range)
        }
        return text
    }

    private static func wordEnd(_ characters: [Character], from start: Int) -> Int {
        var end = start
        while end < characters.count,
            characters[end].isNumber || characters[end].isLetter || "-_./@:".contains(characters[end])
        {
            end += 1
        }
        // A trailing colon ends a clause (`differs:`), not a word.
        while end > start + 1, characters[end - 1] == ":" { end -= 1 }
        return end
    }

    private static func skipQuoted(_ characters: [Character], from start: Int) -> Int {
        var index = start + 1
        while index < characters.count {
            if characters[index] == "\\" {
                index += 2
                continue
            }
            if characters[index] == "\"" { return index + 1 }
            index += 1
        }
        return characters.count
    }

    private static func skipBracketed(_ characters: [Character], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < characters.count {
            switch characters[index] {
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 { return index + 1 }
            case "\"": index = skipQuoted(characters, from: index) - 1
            default: break
            }
            index += 1
        }
        return characters.count
    }
}
