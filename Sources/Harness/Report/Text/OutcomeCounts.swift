/// How many scenarios ended each way, with failures and errors counted apart.
struct OutcomeCounts {
    var passed = 0
    var failed = 0
    var errored = 0
    var skipped = 0

    init(_ scenarios: [ScenarioReport]) {
        for scenario in scenarios {
            switch scenario.outcome {
            case .passed: passed += 1
            case .failed: failed += 1
            case .errored: errored += 1
            case .skipped: skipped += 1
            }
        }
    }

    var total: Int { passed + failed + errored + skipped }
}
