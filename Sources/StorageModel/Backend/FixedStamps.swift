/// What an upload would mint and a fixture may fix instead: the download tokens, the generation and the
/// metageneration of a seeded object. Nil fields are minted as an upload mints them.
public struct FixedStamps: Sendable, Equatable {
    public var downloadTokens: [String]?
    public var generation: Int64?
    public var metageneration: Int64?

    public init(downloadTokens: [String]? = nil, generation: Int64? = nil, metageneration: Int64? = nil) {
        self.downloadTokens = downloadTokens
        self.generation = generation
        self.metageneration = metageneration
    }

    public var isEmpty: Bool { downloadTokens == nil && generation == nil && metageneration == nil }
}
