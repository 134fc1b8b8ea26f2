import SecurityRules

/// The rules a service decides with: a ruleset per bucket, one for every bucket without its own, or none at all
/// (everything allowed: the default of a fresh service).
struct RulesTable: Sendable {
    var perBucket: [String: RulesProgram] = [:]
    var everyBucket: RulesProgram?

    /// Nil when everything is allowed.
    func program(for bucket: String) -> RulesProgram? {
        perBucket[bucket] ?? everyBucket
    }
}
