/// A regular expression for `matches`, `split` and `replace`, compiled once.
struct RulesRegex: Sendable {
    let pattern: String
    private let program: RegexProgram

    init(_ pattern: String) throws(RegexError) {
        var parser = RegexParser(pattern)
        let syntax = try parser.parse()
        self.pattern = pattern
        program = try RegexProgram(syntax, captureCount: parser.captureCount)
    }

    /// `matches`: whether the whole string matches.
    func matchesWhole(_ text: String, budget: inout Budget) throws(EvaluationError) -> Bool {
        var machine = PikeVM(
            program: program, input: Array(text.unicodeScalars), slotCount: 0, workLimit: budget.remainingWork,
            deadline: budget.deadline)
        let result = machine.matchesWhole()
        try settle(machine, &budget)
        return result
    }

    /// The non-overlapping leftmost-first matches, as capture slots over `scalars`; an empty match right after
    /// the previous match is skipped, and the search moves on one scalar after an empty match.
    func allMatches(in scalars: [Unicode.Scalar], slots: Int, budget: inout Budget) throws(EvaluationError)
        -> [[Int]]
    {
        let slotCount = max(2, min(slots, 2 * program.groupCount))
        var machine = PikeVM(
            program: program, input: scalars, slotCount: slotCount, workLimit: budget.remainingWork,
            deadline: budget.deadline)
        var found: [[Int]] = []
        var position = 0
        var previousEnd = -1
        while position <= scalars.count {
            guard let match = machine.firstMatch(from: position) else { break }
            if match[1] == match[0] && match[0] == previousEnd {
                position = match[0] + 1
                continue
            }
            found.append(match)
            previousEnd = match[1]
            position = match[1] > match[0] ? match[1] : match[1] + 1
            if found.count > RulesLimits.collectionElements { throw tooCostly }
            if machine.exhausted { break }
        }
        try settle(machine, &budget)
        return found
    }

    /// Charges the machine's work; a machine that stopped early stopped for the work or the time budget.
    private func settle(_ machine: PikeVM, _ budget: inout Budget) throws(EvaluationError) {
        try budget.charge(machine.work)
        if machine.exhausted {
            try budget.checkClock()
            throw Budget.workExceeded
        }
    }

    var groupCount: Int { program.groupCount }

    private var tooCostly: EvaluationError {
        EvaluationError("regular expression '\(pattern)' is too costly for this input")
    }
}
