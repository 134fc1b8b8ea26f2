import Foundation

/// What an upload would mint and a fixture (or an imported export) may fix instead: the download tokens,
/// the generation, the metageneration and the times of a seeded object. Nil fields are minted as an upload
/// mints them.
public struct FixedStamps: Sendable, Equatable {
    public var downloadTokens: [String]?
    public var generation: Int64?
    public var metageneration: Int64?
    public var timeCreated: Date?
    /// Defaults to `timeCreated`.
    public var updated: Date?

    public init(
        downloadTokens: [String]? = nil, generation: Int64? = nil, metageneration: Int64? = nil,
        timeCreated: Date? = nil, updated: Date? = nil
    ) {
        self.downloadTokens = downloadTokens
        self.generation = generation
        self.metageneration = metageneration
        self.timeCreated = timeCreated
        self.updated = updated
    }

    public var isEmpty: Bool { self == FixedStamps() }
}
