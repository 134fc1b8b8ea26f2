import Primitives
import StorageAPI
import StorageSDK
import YAMLReader

/// One step: a verb with its arguments, an optional name for what it produces, trigger and expectation.
public struct Step: Sendable, Equatable {
    public var action: StepAction
    /// `as: NAME`.
    public var name: String?
    public var trigger: Trigger?
    public var expectation: Expectation?
    /// The location of the verb key.
    public var location: SourceLocation

    public init(
        action: StepAction, name: String? = nil, trigger: Trigger? = nil, expectation: Expectation? = nil,
        location: SourceLocation
    ) {
        self.action = action
        self.name = name
        self.trigger = trigger
        self.expectation = expectation
        self.location = location
    }

    /// The verb as written (`put`, `listAll`).
    public var verb: String { action.verb }
}

/// Where a step points: a path under the root (`reference(withPath:)`) or a named reference.
public enum ReferenceOperand: Sendable, Equatable {
    case path(Template)
    /// `$NAME` of a reference.
    case named(String)
}

/// How `ref:` builds its reference.
public enum ReferenceSpec: Sendable, Equatable {
    /// `ref: images/space.jpg`.
    case path(Template)
    /// `ref: { from: $space, chain: [...] }`; without `from`, the chain starts at the root.
    case chain(from: String?, links: [ChainLink])
    /// `ref: { url: "gs://…" }`.
    case url(Template)
}

public enum ChainLink: Sendable, Equatable {
    case parent, root
    case child(Template)
}

/// What an upload sends.
public enum UploadSource: Sendable, Equatable {
    case data(DataSource)
    /// A local file, relative to the scenario file's folder.
    case file(Template)
}

/// The verbs of the language.
public enum StepAction: Sendable, Equatable {
    case ref(ReferenceSpec)
    case put(ReferenceOperand, source: UploadSource, metadata: MetadataValues?, chunkSize: Int64?)
    case getData(ReferenceOperand, maxSize: Int64)
    case write(ReferenceOperand, toFile: Template)
    case pause(task: String)
    case resume(task: String)
    case cancel(task: String)
    case await(task: String)
    case observe(task: String, status: StorageTaskStatus)
    case removeObserver(task: String, handle: String)
    case removeAllObservers(task: String, status: StorageTaskStatus?)
    case downloadURL(ReferenceOperand)
    case list(ReferenceOperand, maxResults: Int64?, pageToken: Template?)
    case listAll(ReferenceOperand)
    case getMetadata(ReferenceOperand)
    case updateMetadata(ReferenceOperand, MetadataValues)
    case delete(ReferenceOperand)
    /// Faults for the requests from this step on, counted from here.
    case fault([RequestFault])

    public var verb: String {
        switch self {
        case .ref: "ref"
        case .put: "put"
        case .getData: "getData"
        case .write: "write"
        case .pause: "pause"
        case .resume: "resume"
        case .cancel: "cancel"
        case .await: "await"
        case .observe: "observe"
        case .removeObserver: "removeObserver"
        case .removeAllObservers: "removeAllObservers"
        case .downloadURL: "downloadURL"
        case .list: "list"
        case .listAll: "listAll"
        case .getMetadata: "getMetadata"
        case .updateMetadata: "updateMetadata"
        case .delete: "delete"
        case .fault: "fault"
        }
    }
}

/// Metadata written in a scenario (`metadata:` of put and updateMetadata): a value of nil removes the
/// field; `customMetadata: null` removes every custom key, a custom key set to null removes that key.
public struct MetadataValues: Sendable, Equatable {
    public var fields: [MetadataField: Template?]
    public var customMetadata: [String: Template?]
    public var removesAllCustomMetadata: Bool

    public init(
        fields: [MetadataField: Template?] = [:], customMetadata: [String: Template?] = [:],
        removesAllCustomMetadata: Bool = false
    ) {
        self.fields = fields
        self.customMetadata = customMetadata
        self.removesAllCustomMetadata = removesAllCustomMetadata
    }
}

/// `when:` of pause, resume and cancel.
public enum Trigger: Sendable, Equatable, CustomStringConvertible {
    /// Inside the first progress event with at least this many bytes done.
    case progressBytes(Int64)
    /// Inside the first progress event with at least this percentage done (0…100).
    case progressPercent(Double)
    /// Once an event with this status was delivered.
    case event(StorageTaskStatus)
    /// While the task's client waits before its N-th retry (counted over the task's life).
    case retry(Int)

    /// As a scenario writes it: `{ progress: 262144 }`, `{ progress: 50% }`, `{ event: pause }`.
    public var description: String {
        switch self {
        case .progressBytes(let bytes): "{ progress: \(bytes) }"
        case .progressPercent(let percent):
            "{ progress: \(percent == percent.rounded() ? String(Int(percent)) : String(percent))% }"
        case .event(let status): "{ event: \(status) }"
        case .retry(let number): "{ retry: \(number) }"
        }
    }
}
