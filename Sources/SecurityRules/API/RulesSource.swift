/// A rules file's text and the name its errors are reported under (`storage.rules`, a scenario's path).
public struct RulesSource: Sendable, Hashable {
    public var name: String
    public var text: String
    /// Where the text sits in the file `name`: explanations name places in that file.
    public var placement: RulesPlacement

    public init(name: String, text: String, placement: RulesPlacement = .wholeFile) {
        self.name = name
        self.text = text
        self.placement = placement
    }

    /// `name:line:column` of a place in the text (1-based line, column in Unicode scalars), as a place in the file.
    public func place(line: Int, column: Int) -> String {
        switch placement {
        case .wholeFile:
            return "\(name):\(line):\(column)"
        case .block(let keyLine, let indentation):
            return "\(name):\(Self.sum(keyLine, line)):\(Self.sum(indentation, column))"
        case .rewritten(let valueLine, let valueColumn):
            return "line \(line), column \(column) of the rules at \(name):\(valueLine):\(valueColumn)"
        }
    }

    /// `a + b`, saturating: a placement's numbers come from its maker.
    private static func sum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b < 0 ? Int.min : Int.max) : sum
    }
}

/// Where a rules text is in the file it is named after: the whole file, or rules written inside a larger file (a
/// scenario's `source:`).
public enum RulesPlacement: Sendable, Hashable {
    /// The text is the file.
    case wholeFile
    /// The text's lines are the file's lines after `keyLine`, each indented by `indentation` spaces (a YAML `|`
    /// block): line 1, column 1 of the text is line `keyLine + 1`, column `indentation + 1` of the file.
    case block(keyLine: Int, indentation: Int)
    /// The file holds the text rewritten (a quoted or folded YAML value starting at `line`:`column`), so a place in
    /// the text has no exact place in the file: it is named within the rules, beside the value's place.
    case rewritten(line: Int, column: Int)
}
