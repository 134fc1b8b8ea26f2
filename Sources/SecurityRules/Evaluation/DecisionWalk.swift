/// Walks the match tree for one request: each `match` whose path fits the request's segments binds its variables,
/// and the `allow`s of a block whose path ends exactly at the request's last segment are evaluated in order
/// until one grants.
struct DecisionWalk {
    private let program: CompiledProgram
    private let segments: RequestSegments
    private let method: RulesMethodSet
    private var evaluator: Evaluator
    private var steps = 0
    /// The first `allow`s met that did not grant (at most `keptRefusals`), to explain a denial.
    private(set) var refusals: [Refusal] = []
    private(set) var refusalCount = 0
    private(set) var grantedBy: CompiledAllow?
    /// Set when a limit of the whole request stopped the walk.
    private(set) var stopped: String?

    /// How many refusals a denial explains before it counts the rest.
    static let keptRefusals = 5

    init(program: CompiledProgram, request: RulesRequest) {
        self.program = program
        segments = RequestSegments(request)
        method = RulesMethodSet(request.method)
        evaluator = Evaluator(functions: program.functions, request: request, captureCount: program.captureCount)
    }

    /// Whether some `allow` grants the request.
    mutating func run() -> Bool {
        visitChildren(of: program.root, at: 0)
    }

    private mutating func visitChildren(of block: CompiledBlock, at position: Int) -> Bool {
        if position < segments.count, !segments.isUnknown(position),
            let literal = block.childrenByFirstLiteral[segments.text(position)]
        {
            for index in literal where visit(block.children[index], at: position) { return true }
        }
        for index in block.childrenByVariable where visit(block.children[index], at: position) { return true }
        return false
    }

    private mutating func visit(_ child: CompiledBlock, at position: Int) -> Bool {
        stopped == nil && match(child, segment: 0, at: position)
    }

    /// Matches `block`'s path from its segment `index` at request segment `position`, then what lies under it.
    private mutating func match(_ block: CompiledBlock, segment index: Int, at position: Int) -> Bool {
        steps += 1
        if steps > RulesLimits.matchSteps {
            stopped = stopped ?? "path matching took more than \(RulesLimits.matchSteps) steps"
            return false
        }
        guard index < block.segments.count else { return arrived(at: block, position: position) }
        switch block.segments[index] {
        case .literal(let literal):
            guard position < segments.count, !segments.isUnknown(position), segments.equals(position, literal) else {
                return false
            }
            return match(block, segment: index + 1, at: position + 1)
        case .variable(let slot):
            guard position < segments.count else { return false }
            evaluator.captures[slot] = segments.isUnknown(position) ? nil : .string(segments.text(position))
            return match(block, segment: index + 1, at: position + 1)
        case .recursive(let slot):
            let last = index == block.segments.count - 1 && block.children.isEmpty
            let shortest = position + (program.version == 1 ? 1 : 0)
            guard shortest <= segments.count else { return false }
            for end in (last ? [segments.count] : Array(shortest...segments.count)) where end >= shortest {
                evaluator.captures[slot] = segments.joined(position, end).map { .string($0) }
                if match(block, segment: index + 1, at: end) { return true }
                if stopped != nil { return false }
            }
            return false
        }
    }

    private mutating func arrived(at block: CompiledBlock, position: Int) -> Bool {
        if position == segments.count {
            for allow in block.allows where allow.methods.contains(method) {
                if grants(allow) { return true }
                if stopped != nil { return false }
            }
        }
        return visitChildren(of: block, at: position)
    }

    private mutating func grants(_ allow: CompiledAllow) -> Bool {
        guard let condition = allow.condition else {
            grantedBy = allow
            return true
        }
        do {
            if try evaluator.holds(condition) {
                grantedBy = allow
                return true
            }
            refuse(allow, error: nil)
        } catch {
            refuse(allow, error: error)
            if error.isLimit { stopped = error.message }
        }
        return false
    }

    private mutating func refuse(_ allow: CompiledAllow, error: EvaluationError?) {
        refusalCount += 1
        if refusals.count < Self.keptRefusals {
            refusals.append(Refusal(allow: allow, captures: evaluator.captures, error: error))
        }
    }

    /// The units of work the conditions evaluated so far charged.
    var work: Int { evaluator.budget.work }

    /// The fields of `request.resource` the conditions evaluated so far read, by name.
    var incomingFieldsRead: Set<String> { evaluator.incomingRead }
}
