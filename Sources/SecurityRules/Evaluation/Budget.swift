import Foundation

/// What one decision may spend besides its expressions (docs/security-rules.md, "Cost"): work, counted in units
/// of real effort (a byte or element compared, copied or hashed, a regular-expression instruction run), memory
/// (bytes of the values it builds, never given back during the decision) and wall-clock time.
struct Budget {
    private(set) var work = 0
    private(set) var memory = 0
    /// The uptime, in nanoseconds, past which the decision stops.
    let deadline: UInt64

    init(startingAt now: UInt64 = DispatchTime.now().uptimeNanoseconds) {
        let (sum, overflow) = now.addingReportingOverflow(RulesLimits.evaluationNanoseconds)
        deadline = overflow ? .max : sum
    }

    var remainingWork: Int { max(0, RulesLimits.workPerRequest - work) }

    /// Spends `units` of work; past the budget, an error of the whole request.
    mutating func charge(_ units: Int) throws(EvaluationError) {
        work += units
        if work > RulesLimits.workPerRequest { throw Self.workExceeded }
    }

    /// Counts `bytes` of values built; past the budget, an error of the whole request.
    mutating func allocate(_ bytes: Int) throws(EvaluationError) {
        memory += bytes
        if memory > RulesLimits.memoryPerRequest { throw Self.memoryExceeded }
    }

    /// Charges the walk of `value` (its size, as `==` and hashing see it: shared parts count each time).
    mutating func chargeWalk(of value: Value) throws(EvaluationError) {
        try charge(Self.size(of: value, upTo: remainingWork + 1))
    }

    /// Past the deadline, an error of the whole request.
    func checkClock() throws(EvaluationError) {
        if DispatchTime.now().uptimeNanoseconds > deadline { throw Self.timeExceeded }
    }

    static let workExceeded = EvaluationError(
        "rules evaluation exceeded its work budget (\(RulesLimits.workPerRequest) units: bytes and elements compared, copied or hashed, regular-expression steps)",
        isLimit: true)
    static let memoryExceeded = EvaluationError(
        "rules evaluation exceeded its memory budget (\(RulesLimits.memoryPerRequest) bytes of values built)",
        isLimit: true)
    static let timeExceeded = EvaluationError(
        "rules evaluation exceeded its time budget (\(RulesLimits.evaluationNanoseconds / 1_000_000) ms)",
        isLimit: true)

    /// The units a full walk of `value` visits, or a number above `limit` once it passes it: the walk stops
    /// there, so its own cost is bounded by `limit` however much a list shares.
    static func size(of value: Value, upTo limit: Int) -> Int {
        var total = 0
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .string(let text): total += 1 + text.utf8.count
            case .bytes(let bytes): total += 1 + bytes.count
            case .path(let text): total += 1 + text.utf8.count
            case .list(let items):
                total += 1 + items.count
                if total <= limit { pending.append(contentsOf: items) }
            case .set(let items):
                total += 1 + items.count
                if total <= limit { pending.append(contentsOf: items) }
            case .map(let entries):
                total += 1 + entries.count
                if total <= limit {
                    for (key, item) in entries {
                        total += key.utf8.count
                        pending.append(item)
                    }
                }
            case .mapDiff(let diff):
                pending.append(.map(diff.left))
                pending.append(.map(diff.right))
            case .null, .bool, .int, .float, .timestamp, .duration, .reference: total += 1
            }
            if total > limit { return total }
        }
        return total
    }

    /// The bytes a value holds itself, its elements' storage shared with the values they came from.
    static func shallowBytes(of value: Value) -> Int {
        switch value {
        case .string(let text): text.utf8.count
        case .bytes(let bytes): bytes.count
        case .path(let text): text.utf8.count
        case .list(let items): items.count * MemoryLayout<Value>.stride
        case .set(let items): items.count * MemoryLayout<Value>.stride * 2
        case .map(let entries):
            entries.count * (MemoryLayout<Value>.stride + MemoryLayout<String>.stride) * 2
                + entries.keys.reduce(0) { $0 + $1.utf8.count }
        default: 0
        }
    }
}
