/// What a scenario needs from a target beyond plain object storage: the Firebase parts that not every
/// dialect can express. A target that lacks one skips the scenario with its reason (never a pass).
public enum ScenarioNeed: String, Sendable, CaseIterable, Comparable {
    /// `given.rules`.
    case rules
    /// `user: invalid`: a Firebase ID token the service must refuse.
    case firebaseAuth
    /// `downloadURL` steps, or fixtures that fix download tokens.
    case downloadURLs
    /// Fixtures that fix a generation or metageneration.
    case fixedGenerations
    /// `error: { message: … }`: the v0 protocol's wording of an error.
    case errorMessages
    /// The tag `v0-layer`: what the Firebase v0 service adds over plain object storage (a default
    /// `Content-Disposition`, listings that hide names with empty segments).
    case v0Layer

    public static func < (lhs: ScenarioNeed, rhs: ScenarioNeed) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

extension Scenario {
    /// Everything the scenario needs beyond plain object storage.
    public var needs: Set<ScenarioNeed> {
        var needs = Set<ScenarioNeed>()
        if given.rules != nil { needs.insert(.rules) }
        if given.user == .invalidToken { needs.insert(.firebaseAuth) }
        if tags.contains("v0-layer") { needs.insert(.v0Layer) }
        for object in given.objects {
            if object.stamps.downloadTokens != nil { needs.insert(.downloadURLs) }
            if object.stamps.generation != nil || object.stamps.metageneration != nil {
                needs.insert(.fixedGenerations)
            }
        }
        for step in steps {
            if case .downloadURL = step.action { needs.insert(.downloadURLs) }
            if step.expectation?.error?.message != nil { needs.insert(.errorMessages) }
        }
        return needs
    }
}
