/// Results of several runs side by side: one row per scenario, grouped by scenario file, one column per run
/// (a target, a driver, a peer), with each column's totals counted from its report.
public struct CompatibilityMatrix: Sendable {
    /// One scenario in one run.
    public enum Cell: Sendable, Equatable {
        case passed
        case failed(String)
        case errored(String)
        /// The expectations manifest lists it; the reason is the manifest's.
        case expectedFailure(String)
        case skipped(String)
        /// The run has no such scenario.
        case absent

        init(_ outcome: Outcome) {
            if let reason = outcome.expectedFailureReason {
                self = .expectedFailure(reason)
                return
            }
            switch outcome {
            case .passed: self = .passed
            case .failed(let failure): self = .failed(failure.message)
            case .errored(let failure): self = .errored(failure.message)
            case .skipped(let reason): self = .skipped(reason)
            }
        }

        /// The reason or message a reader is shown, when there is one.
        public var note: String? {
            switch self {
            case .passed, .absent: nil
            case .failed(let text), .errored(let text), .expectedFailure(let text), .skipped(let text): text
            }
        }
    }

    public struct Column: Sendable {
        public let label: String
        public let target: String
        fileprivate let cells: [String: Cell]
    }

    public struct Row: Sendable, Equatable {
        public let id: String
        public let name: String
        /// The scenario file's name under the root (`list-files/paged-list`): the group the row is shown in.
        public let file: String
    }

    /// What a column's cells add up to. `executed` is what ran: everything but the skipped.
    public struct Totals: Sendable, Equatable {
        public var passed = 0
        public var failed = 0
        public var errored = 0
        public var expectedFailures = 0
        public var skipped = 0

        public var executed: Int { passed + failed + errored + expectedFailures }
        public var total: Int { executed + skipped }

        /// The lines of the totals table, in the order both matrices show them.
        static let lines: [(name: String, value: KeyPath<Totals, Int> & Sendable)] = [
            ("Executed", \.executed), ("Passed", \.passed), ("Expected failures", \.expectedFailures),
            ("Failed", \.failed), ("Errored", \.errored), ("Skipped", \.skipped), ("Total", \.total),
        ]
    }

    public let columns: [Column]
    public let rows: [Row]

    /// Rows in file order, then in the order each file's scenarios come (first seen first).
    public init(_ runs: [(label: String, report: RunReport)]) {
        var rows: [Row] = []
        var known: Set<String> = []
        for (_, report) in runs {
            for file in report.files {
                for scenario in file.scenarios where known.insert(scenario.id).inserted {
                    rows.append(Row(id: scenario.id, name: scenario.name, file: file.name))
                }
            }
        }
        let order = Dictionary(rows.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.rows = rows.sorted { ($0.file, order[$0.id] ?? 0) < ($1.file, order[$1.id] ?? 0) }
        columns = runs.map { label, report in
            var cells: [String: Cell] = [:]
            for scenario in report.scenarios { cells[scenario.id] = Cell(scenario.outcome) }
            return Column(label: label, target: report.target, cells: cells)
        }
    }

    public func cell(_ row: Row, _ column: Column) -> Cell {
        column.cells[row.id] ?? .absent
    }

    public func totals(_ column: Column) -> Totals {
        var totals = Totals()
        for cell in column.cells.values {
            switch cell {
            case .passed: totals.passed += 1
            case .failed: totals.failed += 1
            case .errored: totals.errored += 1
            case .expectedFailure: totals.expectedFailures += 1
            case .skipped: totals.skipped += 1
            case .absent: break
            }
        }
        return totals
    }

    /// The reasons `pick` finds in a column's cells, each with how many cells give it, most frequent first.
    public func reasons(_ column: Column, _ pick: (Cell) -> [String]) -> [(reason: String, count: Int)] {
        var counts: [String: Int] = [:]
        for cell in column.cells.values {
            for reason in pick(cell) { counts[reason, default: 0] += 1 }
        }
        return counts.map { ($0.key, $0.value) }.sorted { ($1.count, $0.reason) < ($0.count, $1.reason) }
    }

    /// The rows of each scenario file, in order.
    public var groups: [(file: String, rows: [Row])] {
        var groups: [(file: String, rows: [Row])] = []
        for row in rows {
            if groups.last?.file == row.file {
                groups[groups.count - 1].rows.append(row)
            } else {
                groups.append((row.file, [row]))
            }
        }
        return groups
    }
}
