import Primitives
import StorageAPI
import YAMLReader

/// One scenario file: its scenarios in order.
public struct ScenarioFile: Sendable, Equatable {
    /// The path as given to the run (for messages).
    public var path: String
    /// The path under the scenario root without `.yaml` (`list-files/edge-cases`): the id prefix and the
    /// JUnit classname.
    public var name: String
    public var scenarios: [Scenario]

    public init(path: String, name: String, scenarios: [Scenario]) {
        self.path = path
        self.name = name
        self.scenarios = scenarios
    }
}

/// A scenario: fixtures, then steps run in order against a fresh bucket.
public struct Scenario: Sendable, Equatable {
    public var name: String
    /// `FILE-NAME/slug-of-the-name`.
    public var id: String
    public var location: SourceLocation
    public var tags: [String]
    public var covers: [String]
    /// What the scenario checks and why, in prose (`description:`): for example what other SDKs do instead.
    public var description: String?
    /// Nil: every target.
    public var targets: [TargetKind]?
    public var given: Given
    public var steps: [Step]
    /// The codes of the lint warnings the scenario declares intended (`lint:`).
    public var intendedWarnings: [String] = []

    public init(
        name: String, id: String, location: SourceLocation, tags: [String] = [], covers: [String] = [],
        description: String? = nil, targets: [TargetKind]? = nil, given: Given = Given(), steps: [Step]
    ) {
        self.description = description
        self.name = name
        self.id = id
        self.location = location
        self.tags = tags
        self.covers = covers
        self.targets = targets
        self.given = given
        self.steps = steps
    }

    /// The id's last part: the name in lower case with every run of non-alphanumerics turned into `-`
    /// (and none at either end).
    public static func slug(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiSlug(name) }
        var slug = ""
        var pendingDash = false
        for scalar in name.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return slug
    }

    /// `slug` of an ASCII name, byte by byte: the same result without the Unicode tables (most names).
    private static func asciiSlug(_ name: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var pendingDash = false
        for byte in name.utf8 {
            let lower = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            if (0x61...0x7A).contains(lower) || (0x30...0x39).contains(lower) {
                if pendingDash && !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
                pendingDash = false
                bytes.append(lower)
            } else {
                pendingDash = true
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Fixtures applied before the steps.
public struct Given: Sendable, Equatable {
    public var objects: [FixtureObject]
    /// Nil: everything allowed.
    public var rules: ScenarioRules?
    public var user: ScenarioUser
    /// Failures put into the client's requests (`given.faults`).
    public var faults: [RequestFault]
    /// The client's longest retry waits (`given.retry`); nil fields keep the SDK's.
    public var retry: RetryTimes

    public init(
        objects: [FixtureObject] = [], rules: ScenarioRules? = nil, user: ScenarioUser = .signedIn("alice"),
        faults: [RequestFault] = [], retry: RetryTimes = RetryTimes()
    ) {
        self.objects = objects
        self.rules = rules
        self.user = user
        self.faults = faults
        self.retry = retry
    }
}

extension Scenario {
    /// Whether the scenario puts faults into its requests, in `given` or with `fault:` steps.
    public var hasFaults: Bool {
        !given.faults.isEmpty || steps.contains { if case .fault = $0.action { true } else { false } }
    }
}

/// `given.retry`: the longest wait between two tries of upload, download and other requests, and how long
/// a request may go unanswered (`timeout`), in seconds.
public struct RetryTimes: Sendable, Equatable {
    public var upload: Double?
    public var download: Double?
    public var operation: Double?
    public var timeout: Double?

    public init(upload: Double? = nil, download: Double? = nil, operation: Double? = nil, timeout: Double? = nil) {
        self.upload = upload
        self.download = download
        self.operation = operation
        self.timeout = timeout
    }
}

/// Who the steps run as.
public enum ScenarioUser: Sendable, Equatable {
    case signedIn(String)
    /// `user: none`.
    case signedOut
    /// `user: invalid`: a malformed token is sent.
    case invalidToken
}

/// An object stored before the steps, under its raw name (no normalization, no rules).
public struct FixtureObject: Sendable, Equatable {
    public var name: String
    public var data: DataSource
    public var metadata: ObjectMetadataFields
    /// `downloadTokens`, `generation`, `metageneration` the fixture fixes instead of letting them be minted.
    public var stamps: FixedStamps
    public var location: SourceLocation

    public init(
        name: String, data: DataSource, metadata: ObjectMetadataFields = ObjectMetadataFields(),
        stamps: FixedStamps = FixedStamps(), location: SourceLocation
    ) {
        self.name = name
        self.data = data
        self.metadata = metadata
        self.stamps = stamps
        self.location = location
    }
}

/// Bytes described in a scenario.
public enum DataSource: Sendable, Equatable {
    /// UTF-8.
    case text(String)
    case base64([UInt8])
    /// The fixed pseudo-random stream: the same seed and size give the same bytes on every machine.
    case random(size: Int64, seed: UInt64)
    case zeros(Int64)
    case empty
}
