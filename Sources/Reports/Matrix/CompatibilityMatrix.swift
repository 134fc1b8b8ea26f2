/// Results of several runs side by side: one row per scenario, grouped by scenario file, one column per run
/// (a target, a driver, a peer), with each column's counts taken from its report.
public struct CompatibilityMatrix: Sendable {
    /// One scenario in one run.
    public struct Cell: Sendable, Equatable {
        /// How it ended; `absent` when the run has no such scenario.
        public enum Status: Sendable, Equatable, CaseIterable {
            case passed, failed, errored, expectedFailure, skipped, absent
        }

        public var status: Status
        /// What a reader is shown beside the status: the failure's message, the manifest's reason, the skip's
        /// reason. Nil for a pass.
        public var note: String?
        /// The actual failure in full (for an expected failure too), with the transcript; nil when none.
        public var detail: String?
        /// `step 4 (line 42) list: ListMismatch`: where it failed, when known.
        public var pin: String?
        /// The line the failure points at (the failing step), else nil.
        public var failureLine: Int?

        static let absent = Cell(status: .absent)

        /// What a failed or errored cell is grouped by for triage (`TriageReason`); else its note.
        public var triageReason: String? {
            switch status {
            case .failed, .errored: TriageReason.of(pin: pin, message: note ?? "")
            default: note
            }
        }

        init(status: Status, note: String? = nil, detail: String? = nil, pin: String? = nil, failureLine: Int? = nil) {
            self.status = status
            self.note = note
            self.detail = detail
            self.pin = pin
            self.failureLine = failureLine
        }

        init(_ scenario: ScenarioReport) {
            let failure = scenario.outcome.failure
            let line = failure?.location.flatMap(Self.line(of:))
            let detail = failure.map { "\($0.type.rawValue): \($0.message)\n\n\($0.detail)" }
            let pin = failure?.pin?.description
            switch scenario.outcome {
            case .passed: self.init(status: .passed)
            case .failed(let failure):
                self.init(status: .failed, note: failure.message, detail: detail, pin: pin, failureLine: line)
            case .errored(let failure):
                self.init(status: .errored, note: failure.message, detail: detail, pin: pin, failureLine: line)
            case .expectedFailure(_, let listed):
                self.init(status: .expectedFailure, note: listed.reason, detail: detail, pin: pin, failureLine: line)
            case .skipped(let reason): self.init(status: .skipped, note: reason)
            }
        }

        /// The line of `FILE:LINE` or `FILE:LINE:COLUMN`.
        private static func line(of location: String) -> Int? {
            let parts = location.split(separator: ":")
            guard parts.count >= 2 else { return nil }
            if parts.count >= 3, let line = Int(parts[parts.count - 2]), Int(parts[parts.count - 1]) != nil {
                return line
            }
            return Int(parts[parts.count - 1])
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
        /// The scenario file's path as the run was given it (`Scenarios/list-files/paged-list.yaml`).
        public let path: String
        /// The line of the scenario's `scenario:` key.
        public let line: Int
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
                    rows.append(
                        Row(id: scenario.id, name: scenario.name, file: file.name, path: file.path, line: scenario.line)
                    )
                }
            }
        }
        let order = Dictionary(rows.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.rows = rows.sorted { ($0.file, order[$0.id] ?? 0) < ($1.file, order[$1.id] ?? 0) }
        columns = runs.map { label, report in
            var cells: [String: Cell] = [:]
            for scenario in report.scenarios { cells[scenario.id] = Cell(scenario) }
            return Column(label: label, target: report.target, cells: cells)
        }
    }

    public func cell(_ row: Row, _ column: Column) -> Cell {
        column.cells[row.id] ?? .absent
    }

    /// What a column's cells add up to, in the words every report uses.
    public func totals(_ column: Column) -> OutcomeCounts {
        var totals = OutcomeCounts()
        for cell in column.cells.values {
            switch cell.status {
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

    /// The lines of the totals table, in the order every matrix shows them.
    public static let totalLines: [(name: String, value: KeyPath<OutcomeCounts, Int> & Sendable)] =
        [("Executed", \OutcomeCounts.executed)]
        + OutcomeCounts.lines.map { (name: $0.name.prefix(1).uppercased() + $0.name.dropFirst(), value: $0.value) }
        + [("Total", \OutcomeCounts.total)]

    /// The reasons `pick` finds in a column's cells, each with how many cells give it, most frequent first.
    public func reasons(_ column: Column, _ pick: (Cell) -> [String]) -> [(reason: String, count: Int)] {
        var counts: [String: Int] = [:]
        for cell in column.cells.values {
            for reason in pick(cell) { counts[reason, default: 0] += 1 }
        }
        return counts.map { ($0.key, $0.value) }.sorted { ($1.count, $0.reason) < ($0.count, $1.reason) }
    }

    /// A column's failures and errors grouped by their triage reason, most frequent first, each with up to
    /// `examples` scenario ids in row order.
    public func triage(_ column: Column, examples: Int = 3) -> [(reason: String, count: Int, examples: [String])] {
        var groups: [String: (count: Int, examples: [String])] = [:]
        for row in rows {
            let cell = cell(row, column)
            guard cell.status == .failed || cell.status == .errored, let reason = cell.triageReason else { continue }
            var group = groups[reason] ?? (0, [])
            group.count += 1
            if group.examples.count < examples { group.examples.append(row.id) }
            groups[reason] = group
        }
        return groups.map { (reason: $0.key, count: $0.value.count, examples: $0.value.examples) }
            .sorted { ($1.count, $0.reason) < ($0.count, $1.reason) }
    }

    /// Whether a row matters for triage: some column failed, errored or expected a failure there, or the
    /// columns that ran it disagree.
    public func isDifference(_ row: Row) -> Bool {
        let statuses = columns.map { cell(row, $0).status }
        if statuses.contains(where: { [.failed, .errored, .expectedFailure].contains($0) }) { return true }
        let ran = Set(statuses.filter { $0 != .skipped && $0 != .absent })
        return ran.count > 1
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
