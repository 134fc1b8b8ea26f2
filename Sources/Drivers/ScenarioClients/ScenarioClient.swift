import Foundation
import ScenarioLanguage
import StorageAPI
import StorageSDK

/// The client a scenario's steps drive: the project's own (`LocalClient`) or another implementation behind
/// the driver protocol (`DriverClient`, docs/driver-protocol.md). The runner keeps the scenario, fixtures,
/// triggers and checks; a client only does what the steps ask and reports what its SDK reported.
///
/// Calls that return a `Result` carry the SDK's own errors; a thrown `StepFailure` is a failure of the
/// client itself (a driver that died, timed out or wrote garbage), which errors the scenario.
package protocol ScenarioClient: AnyObject {
    /// Who the requests run as, and how long the client retries (nil keeps the SDK's).
    func configure(user: ScenarioUser, retry: RetryTimes) throws(StepFailure)
    func reference(path: String) throws(StepFailure) -> ClientReference
    func reference(url: String) throws(StepFailure) -> Result<ClientReference, StorageError>
    /// The root, or where `link` leads from `reference` (nil: the root's parent).
    func root() throws(StepFailure) -> ClientReference
    func follow(_ link: ClientLink, from reference: ClientReference) throws(StepFailure) -> ClientReference?

    func put(_ reference: ClientReference, source: ClientUpload, metadata: StorageMetadata?, chunkSize: Int64?)
        throws(StepFailure) -> any ClientTask
    func getData(_ reference: ClientReference, maxSize: Int64) throws(StepFailure) -> any ClientTask
    func write(_ reference: ClientReference, toFile url: URL) throws(StepFailure) -> any ClientTask

    func getMetadata(_ reference: ClientReference) throws(StepFailure) -> Result<StorageMetadata, StorageError>
    func updateMetadata(_ reference: ClientReference, _ patch: MetadataPatch) throws(StepFailure)
        -> Result<StorageMetadata, StorageError>
    func delete(_ reference: ClientReference) throws(StepFailure) -> Result<Void, StorageError>
    func downloadURL(_ reference: ClientReference) throws(StepFailure) -> Result<URL, StorageError>
    func list(_ reference: ClientReference, maxResults: Int64, pageToken: String?) throws(StepFailure)
        -> Result<ClientPage, StorageError>
    func listAll(_ reference: ClientReference) throws(StepFailure) -> Result<ClientPage, StorageError>

    /// Faults for the requests from now on (the `fault:` step).
    func addFaults(_ faults: [RequestFault]) throws(StepFailure)
    /// Lets the client's tasks run until `condition` holds or `deadline` passes; false when nothing is left
    /// that could make it hold (every task ended or paused).
    func runWork(until condition: @escaping () -> Bool, deadline: Date) throws(StepFailure) -> Bool
    /// How often each fault the scenario declared acted, in the order declared, and the requests the carrier saw;
    /// nil when whoever carries the faults out cannot say.
    func firedFaults() throws(StepFailure) -> FaultTally?
    /// What the client's waits on its clock (retry back-off, `Retry-After`, stalls) have cost so far.
    var waits: ClockWaits { get }
    /// What can be seen now of the target's requests and the client's clock, for `requests:` and `took:`; read
    /// before and after a step that expects them.
    func observe() throws(StepFailure) -> ClientObservation
    /// Ends the session: the client lets go of everything.
    func close()
}

/// A reading of what a client has sent and where its clock stands; a step's is the difference of two. Each
/// part is a failure when it cannot be read: `Unsupported` (the step is skipped) or `BadExpectation`.
package struct ClientObservation {
    /// Requests of each kind the target was sent so far, faulted or not.
    package var requests: Result<[RequestFault.Kind: Int], StepFailure>
    /// The kinds of those requests in the order sent (at most `FaultSchedule.longestOrder`).
    package var order: Result<[RequestFault.Kind], StepFailure>
    /// The client's clock, in seconds.
    package var clock: Result<Double, StepFailure>

    /// A scenario without faults has no one counting its requests (the fault layer counts them).
    package static let uncounted = StepFailure.error(
        .badExpectation,
        "requests: and sequence: are counted only in a scenario with faults (the fault layer counts them)")

    /// The counts from a carrier's tally; kinds it names that are not request kinds are left out.
    package static func counts(_ tally: FaultTally) -> [RequestFault.Kind: Int] {
        Dictionary(
            tally.seen.compactMap { seen in RequestFault.Kind(rawValue: seen.kind).map { ($0, seen.count) } },
            uniquingKeysWith: +)
    }
}

/// One link of a `ref:` chain, its child path rendered.
package enum ClientLink: Sendable {
    case parent, root
    case child(String)
}

/// What an upload sends.
package enum ClientUpload {
    case data(Data)
    case file(URL)
}

/// A reference as the client reports it. Two are equal when bucket and full path are.
package struct ClientReference: Sendable, Equatable, CustomStringConvertible {
    /// How the client finds it again: its own object in process, or the driver's id.
    package enum Handle: Sendable {
        case local(StorageReference)
        case remote(String)
    }

    package var bucket: String
    package var fullPath: String
    package var name: String
    /// `gs://bucket/path`, as the SDK describes it.
    package var description: String
    package var handle: Handle

    package static func == (lhs: ClientReference, rhs: ClientReference) -> Bool {
        lhs.bucket == rhs.bucket && lhs.fullPath.utf8.elementsEqual(rhs.fullPath.utf8)
    }
}

/// One page of a list.
package struct ClientPage: Sendable {
    package var prefixes: [ClientReference]
    package var items: [ClientReference]
    package var pageToken: String?
}

/// One event of a task, or what an observer received.
package struct ClientTaskEvent: Sendable {
    package var status: StorageTaskStatus
    package var progress: StorageProgress
    package var error: StorageError?
}

/// What a finished task produced.
package enum ClientTaskProduct: Sendable {
    case uploaded(StorageMetadata)
    case data(Data)
    case file(URL)
}

/// A running upload or download of a `ScenarioClient`.
package protocol ClientTask: AnyObject, Sendable {
    /// Every later event, before the observers; never removed.
    func tap(_ handler: @escaping @Sendable (ClientTaskEvent) -> Void)
    /// Each time the client is about to wait before a retry (only clients that can say so).
    func tapRetries(_ handler: @escaping @Sendable (RetryWait) -> Void)
    /// Adds an observer of `status`; returns its handle.
    func observe(_ status: StorageTaskStatus, _ handler: @escaping @Sendable (ClientTaskEvent) -> Void) -> String
    func removeObserver(_ handle: String)
    /// Removes the observers of `status`, or all of them when nil.
    func removeAllObservers(for status: StorageTaskStatus?)
    func pause()
    func resume()
    func cancel()
    /// True once the terminal event and everything it set off are done.
    var isFinished: Bool { get }
    /// The task's state now, as a snapshot would say.
    var current: ClientTaskEvent { get }
    /// What it produced, once it succeeded.
    var product: ClientTaskProduct? { get }
}
