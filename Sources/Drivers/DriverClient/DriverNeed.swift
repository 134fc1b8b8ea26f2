import ScenarioLanguage

/// What a scenario needs from a driver beyond the protocol's core (docs/driver-protocol.md §4). A transfer's
/// needs are per kind: a scenario that pauses a download needs `download pauseResume`, whatever uploads can do.
enum DriverNeed: Hashable, Sendable, Comparable, CustomStringConvertible {
    case transfer(TransferKind, TransferFeature)
    case operation(DriverOperation)
    /// Faults in the client's requests (given, or `fault:` steps): the driver's own, or the target's.
    case faults
    /// `when: { retry: N }`.
    case retryEvents
    /// `given.retry.timeout`.
    case requestTimeout

    var description: String {
        switch self {
        case .transfer(let kind, let feature): "\(kind.rawValue) \(feature.rawValue)"
        case .operation(let operation): operation.rawValue
        case .faults: "faults"
        case .retryEvents: "retryEvents"
        case .requestTimeout: "requestTimeout"
        }
    }

    static func < (lhs: DriverNeed, rhs: DriverNeed) -> Bool { lhs.description < rhs.description }

    /// Whether `capabilities` meet it; `targetFaults` says the target can carry out faults itself.
    func isMet(by capabilities: DriverCapabilities, targetFaults: Bool) -> Bool {
        switch self {
        case .transfer(let kind, let feature): capabilities.has(feature, for: kind)
        case .operation(let operation): capabilities.operations.contains(operation)
        case .faults: capabilities.faults || targetFaults
        case .retryEvents: capabilities.retryEvents
        case .requestTimeout: capabilities.requestTimeout
        }
    }

    /// Everything `scenario` needs. A task's kind is known from the step that started it.
    static func needs(of scenario: Scenario) -> Set<DriverNeed> {
        var needs = Set<DriverNeed>()
        if scenario.hasFaults { needs.insert(.faults) }
        if scenario.given.retry.timeout != nil { needs.insert(.requestTimeout) }
        var kinds: [String: TransferKind] = [:]
        for step in scenario.steps {
            var kind: TransferKind?
            switch step.action {
            case .put(_, let source, _, let chunkSize):
                kind = .upload
                if case .file = source { needs.insert(.transfer(.upload, .file)) }
                if chunkSize != nil { needs.insert(.transfer(.upload, .chunkSize)) }
            case .getData: kind = .download
            case .write:
                kind = .download
                needs.insert(.transfer(.download, .file))
            case .pause(let task), .resume(let task):
                needs.formUnion(transfer([.pauseResume, .events], of: kinds[task]))
                kind = kinds[task]
            case .cancel(let task):
                needs.formUnion(transfer([.cancel, .events], of: kinds[task]))
                kind = kinds[task]
            case .observe(let task, _), .removeObserver(let task, _), .removeAllObservers(let task, _):
                needs.formUnion(transfer([.observers, .events], of: kinds[task]))
                kind = kinds[task]
            case .await(let task): kind = kinds[task]
            case .ref: needs.insert(.operation(.references))
            case .downloadURL: needs.insert(.operation(.downloadURL))
            case .list: needs.insert(.operation(.list))
            case .listAll: needs.insert(.operation(.listAll))
            case .getMetadata: needs.insert(.operation(.getMetadata))
            case .updateMetadata: needs.insert(.operation(.updateMetadata))
            case .delete: needs.insert(.operation(.delete))
            case .fault: break
            }
            if case .retry? = step.trigger { needs.insert(.retryEvents) }
            let checksEvents =
                step.trigger != nil || step.expectation?.events != nil || step.expectation?.progress != nil
                || step.expectation?.observers != nil
            if checksEvents { needs.formUnion(transfer([.events], of: kind)) }
            if let name = step.name, let kind, isTransfer(step.action) { kinds[name] = kind }
        }
        return needs
    }

    /// The features for a task of `kind`; for a task no step started (the scenario is invalid), both kinds.
    private static func transfer(_ features: [TransferFeature], of kind: TransferKind?) -> [DriverNeed] {
        let kinds = kind.map { [$0] } ?? TransferKind.allCases
        return kinds.flatMap { kind in features.map { .transfer(kind, $0) } }
    }

    private static func isTransfer(_ action: StepAction) -> Bool {
        switch action {
        case .put, .getData, .write: true
        default: false
        }
    }
}
