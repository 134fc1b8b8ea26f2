/// A compiled regular expression: instructions for the Pike VM (a thread per instruction, so matching takes
/// time linear in the input whatever the pattern).
struct RegexProgram: Sendable {
    enum Instruction: Sendable {
        case scalar(Unicode.Scalar)
        case set(CharacterClass)
        /// Try the first target before the second.
        case split(Int, Int)
        case jump(Int)
        /// Record the position in capture slot n (2 × group, 2 × group + 1).
        case save(Int)
        case assertion(RegexAssertion)
        case match
    }

    private(set) var instructions: [Instruction] = []
    /// Groups, the whole match (group 0) included.
    let groupCount: Int

    init(_ syntax: RegexSyntax, captureCount: Int) throws(RegexError) {
        groupCount = captureCount + 1
        let size = Self.size(of: syntax)
        guard size <= RulesLimits.regexProgramSize else {
            throw RegexError(
                message: "pattern too large (over \(RulesLimits.regexProgramSize) instructions)", offset: 0)
        }
        instructions.reserveCapacity(size + 3)
        instructions.append(.save(0))
        emit(syntax)
        instructions.append(.save(1))
        instructions.append(.match)
    }

    /// The instructions `node` compiles to, saturated well above the limit.
    private static func size(of node: RegexSyntax) -> Int {
        let cap = RulesLimits.regexProgramSize + 1
        switch node {
        case .empty: return 0
        case .scalar, .characterClass, .assertion: return 1
        case .concatenation(let items): return min(items.reduce(0) { $0 + size(of: $1) }, cap)
        case .alternation(let items): return min(items.reduce(0) { $0 + size(of: $1) + 2 }, cap)
        case .group(let inner, let capture): return min(size(of: inner) + (capture == nil ? 0 : 2), cap)
        case .repetition(let inner, let minimum, let maximum, _):
            let one = size(of: inner) + 2
            let copies = maximum ?? (minimum + 1)
            let (total, overflow) = one.multipliedReportingOverflow(by: max(copies, 1))
            return overflow ? cap : min(total, cap)
        }
    }

    private mutating func emit(_ node: RegexSyntax) {
        switch node {
        case .empty:
            break
        case .scalar(let scalar):
            instructions.append(.scalar(scalar))
        case .characterClass(let set):
            instructions.append(.set(set))
        case .assertion(let assertion):
            instructions.append(.assertion(assertion))
        case .concatenation(let items):
            for item in items { emit(item) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (offset, branch) in branches.enumerated() {
                if offset < branches.count - 1 {
                    let split = placeholder()
                    emit(branch)
                    jumps.append(placeholder())
                    instructions[split] = .split(split + 1, instructions.count)
                } else {
                    emit(branch)
                }
            }
            for jump in jumps { instructions[jump] = .jump(instructions.count) }
        case .group(let inner, let capture):
            if let capture { instructions.append(.save(2 * capture)) }
            emit(inner)
            if let capture { instructions.append(.save(2 * capture + 1)) }
        case .repetition(let inner, let minimum, let maximum, let greedy):
            for _ in 0..<minimum { emit(inner) }
            if let maximum {
                var splits: [Int] = []
                for _ in minimum..<maximum {
                    splits.append(placeholder())
                    emit(inner)
                }
                for split in splits { instructions[split] = branch(split + 1, instructions.count, greedy) }
            } else {
                let loop = placeholder()
                emit(inner)
                instructions.append(.jump(loop))
                instructions[loop] = branch(loop + 1, instructions.count, greedy)
            }
        }
    }

    private func branch(_ take: Int, _ skip: Int, _ greedy: Bool) -> Instruction {
        greedy ? .split(take, skip) : .split(skip, take)
    }

    private mutating func placeholder() -> Int {
        instructions.append(.match)
        return instructions.count - 1
    }
}
