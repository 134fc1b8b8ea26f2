import Foundation

/// Runs a `RegexProgram` over an input in one pass, keeping at most one thread per instruction: time is
/// O(input × program), memory O(program × captures), and no pattern can make it backtrack.
struct PikeVM {
    private let instructions: [RegexProgram.Instruction]
    private let input: [Unicode.Scalar]
    /// Capture slots each thread carries (0 when only acceptance matters).
    private let slotCount: Int

    /// Instructions run so far (empty steps included), over every run on this input, bounded by `workLimit`.
    private(set) var work = 0
    private let workLimit: Int
    /// The uptime, in nanoseconds, past which a run stops.
    private let deadline: UInt64
    /// Whether a run stopped for passing the work limit or the deadline (its answer is then meaningless).
    private(set) var exhausted = false
    private var marks: [Int]
    private var stamp = 0
    private var stack: [Frame] = []
    private var working: [Int]

    private enum Frame {
        case explore(Int)
        case restore(slot: Int, value: Int)
    }

    private struct ThreadList {
        var pcs: [Int] = []
        var slots: [Int] = []
    }

    init(program: RegexProgram, input: [Unicode.Scalar], slotCount: Int, workLimit: Int, deadline: UInt64) {
        instructions = program.instructions
        self.workLimit = workLimit
        self.deadline = deadline
        self.input = input
        self.slotCount = slotCount
        marks = Array(repeating: -1, count: program.instructions.count)
        working = Array(repeating: -1, count: slotCount)
    }

    /// Whether the whole input matches.
    mutating func matchesWhole() -> Bool {
        run(from: 0, anchored: true, whole: true) != nil
    }

    /// The leftmost-first match starting at or after `start`: its capture slots (-1 for a group that did not
    /// take part), or nil.
    mutating func firstMatch(from start: Int) -> [Int]? {
        run(from: start, anchored: false, whole: false)
    }

    private mutating func run(from start: Int, anchored: Bool, whole: Bool) -> [Int]? {
        var current = ThreadList()
        var next = ThreadList()
        var matched: [Int]?
        stamp += 1
        var position = start
        while true {
            if matched == nil && (!anchored || position == start) {
                for slot in 0..<slotCount { working[slot] = -1 }
                add(to: &current, pc: 0, at: position)
            }
            if current.pcs.isEmpty { break }
            work += current.pcs.count + 1
            if work > workLimit || (position & 255 == 0 && DispatchTime.now().uptimeNanoseconds > deadline) {
                exhausted = true
                return nil
            }
            stamp += 1
            next.pcs.removeAll(keepingCapacity: true)
            next.slots.removeAll(keepingCapacity: true)
            let scalar: Unicode.Scalar? = position < input.count ? input[position] : nil
            threads: for (thread, pc) in current.pcs.enumerated() {
                let consumed: Bool
                switch instructions[pc] {
                case .scalar(let expected):
                    consumed = scalar == expected
                case .set(let set):
                    consumed = scalar.map(set.contains) ?? false
                case .match:
                    if whole && position != input.count { continue threads }
                    matched = Array(current.slots[(thread * slotCount)..<((thread + 1) * slotCount)])
                    break threads
                default:
                    consumed = false
                }
                if consumed {
                    for slot in 0..<slotCount { working[slot] = current.slots[thread * slotCount + slot] }
                    add(to: &next, pc: pc + 1, at: position + 1)
                }
            }
            swap(&current, &next)
            if position >= input.count { break }
            position += 1
        }
        return matched
    }

    /// Adds the thread at `pc` and everything it reaches without consuming input, in priority order.
    private mutating func add(to list: inout ThreadList, pc start: Int, at position: Int) {
        stack.append(.explore(start))
        while let frame = stack.popLast() {
            work += 1
            switch frame {
            case .restore(let slot, let value):
                working[slot] = value
            case .explore(let pc):
                if marks[pc] == stamp { continue }
                marks[pc] = stamp
                switch instructions[pc] {
                case .jump(let target):
                    stack.append(.explore(target))
                case .split(let first, let second):
                    stack.append(.explore(second))
                    stack.append(.explore(first))
                case .save(let slot):
                    if slot < slotCount {
                        stack.append(.restore(slot: slot, value: working[slot]))
                        working[slot] = position
                    }
                    stack.append(.explore(pc + 1))
                case .assertion(let assertion):
                    if holds(assertion, at: position) { stack.append(.explore(pc + 1)) }
                case .scalar, .set, .match:
                    list.pcs.append(pc)
                    if slotCount > 0 { list.slots.append(contentsOf: working) }
                }
            }
        }
    }

    private func holds(_ assertion: RegexAssertion, at position: Int) -> Bool {
        switch assertion {
        case .beginText: return position == 0
        case .endText: return position == input.count
        case .beginLine: return position == 0 || input[position - 1] == "\n"
        case .endLine: return position == input.count || input[position] == "\n"
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && CharacterClass.word.contains(input[position - 1])
            let after = position < input.count && CharacterClass.word.contains(input[position])
            return (before != after) == (assertion == .wordBoundary)
        }
    }
}
