import StorageAPI
import StorageSDK

/// Every mapping of the scenario language and the keys it accepts. The decoders check files against these
/// lists and `ScenarioSchema` writes the JSON Schema from them, so the two cannot disagree. The keys a step
/// takes beside its verb are `Verb.stepKeys`; those of `expect:` are `ExpectationSubject.keys`.
enum LanguageKeys {
    static let document = ["scenario", "tags", "covers", "description", "targets", "lint", "given", "steps"]
    static let given = ["objects", "rules", "user", "faults", "retry"]
    /// A fault: the request kind, which of them (`nth`, `first` or `every`; the first one by default), and one
    /// action.
    static let faultSelection = ["request", "nth", "first", "every"]
    static let faultActions = [
        "status", "reset", "answerLost", "misreport", "corrupt", "dropRequest", "dropResponse", "stall",
    ]
    static let fault = faultSelection + faultActions + ["retryAfter", "body"]
    /// The client's longest retry waits, and how long a request may go unanswered, in seconds.
    static let retry = ["upload", "download", "operation", "timeout"]
    /// The shorthand form of `given.rules`.
    static let rules = ["version", "allow"]
    /// The forms of `given.rules` that give rules text: in the scenario, or in a file beside it.
    static let rulesText = ["source", "file"]
    static let allowEntry = ["path", "ops", "if"]
    static let trigger = ["progress", "event", "retry"]
    static let progress = ["completed", "total"]
    static let took = ["atLeast", "atMost"]
    static let reference = ["from", "chain", "url"]
    static let chainLink = ["child"]
    static let error = ["code", "message", "body"]
    static let data = ["text", "base64", "random", "seed", "zeros", "empty"]
    /// `metadata:` of put and updateMetadata, and the metadata of a fixture object.
    static let metadata = MetadataField.allCases.map(\.rawValue) + ["customMetadata"]
    /// What a fixture may fix that an upload would mint.
    static let stamps = ["downloadTokens", "generation", "metageneration"]
    static let fixtureObject = data + metadata + stamps
    /// The properties of `StorageMetadata` an expectation can check.
    static let expectedMetadata = StorageMetadata.propertyNames

    /// The mapping of observe, removeObserver and removeAllObservers.
    static func observerKeys(_ verb: Verb) -> [String] {
        switch verb {
        case .observe: ["task", "status", "as"]
        case .removeObserver: ["task", "handle"]
        default: ["task", "status"]
        }
    }
}
