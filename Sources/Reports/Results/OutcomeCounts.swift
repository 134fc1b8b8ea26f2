/// How many scenarios ended each way: the one count that the console, the JUnit and JSON reports and the
/// matrix all show, in the same words (`summaryLine`).
public struct OutcomeCounts: Sendable, Equatable {
    public var passed = 0
    public var failed = 0
    public var errored = 0
    public var expectedFailures = 0
    public var skipped = 0

    public init() {}

    public init(_ scenarios: [ScenarioReport]) {
        for scenario in scenarios { add(scenario.outcome) }
    }

    public mutating func add(_ outcome: Outcome) {
        switch outcome {
        case .passed: passed += 1
        case .failed: failed += 1
        case .errored: errored += 1
        case .expectedFailure: expectedFailures += 1
        case .skipped: skipped += 1
        }
    }

    /// What ran: everything but the skipped.
    public var executed: Int { passed + failed + errored + expectedFailures }
    public var total: Int { executed + skipped }

    /// The counts in order, each with its name: the words every report uses.
    public static let lines: [(name: String, value: KeyPath<OutcomeCounts, Int> & Sendable)] = [
        ("passed", \.passed), ("failed", \.failed), ("errored", \.errored), ("expected failures", \.expectedFailures),
        ("skipped", \.skipped),
    ]

    /// `450 passed, 2 failed, 1 errored, 41 expected failures, 9 skipped`.
    public var summaryLine: String {
        Self.lines.map { name, value in
            let count = self[keyPath: value]
            return "\(count) " + (count == 1 && name == "expected failures" ? "expected failure" : name)
        }.joined(separator: ", ")
    }
}
