import Foundation
import ScenarioLanguage
import StorageAPI
import StorageSDK

@testable import Drivers
@testable import Runner

/// The project's own client with one behaviour broken on purpose, for tests that prove a scenario catches
/// the break. The switch lives here, in the tests, never in the client.
enum Mutation: String, CaseIterable, Sendable {
    /// Waits 45 s for an answer instead of the scenario's request timeout.
    case readTimeout45s
    /// Retries three times more than Apple's policy: each retry time is 8 times longer (three more doublings).
    case threeExtraRetries
    /// Never sees a `Retry-After`, so it waits only its own back-off.
    case ignoresRetryAfter
}

/// A `LocalClient` with `mutation` applied; everything else is forwarded.
final class MutantClient: ScenarioClient {
    private let inner: LocalClient
    private let mutation: Mutation?

    init(_ mutation: Mutation?, session: Storage, scenario: Scenario) {
        self.mutation = mutation
        let timeout =
            mutation == .readTimeout45s ? 45 : scenario.given.retry.timeout ?? ScenarioExecution.requestTimeout
        let faults = scenario.hasFaults ? scenario.given.faults.map { Self.mutate($0, mutation) } : nil
        inner = LocalClient(session: session, faults: faults, requestTimeout: timeout)
    }

    private static func mutate(_ fault: RequestFault, _ mutation: Mutation?) -> RequestFault {
        guard mutation == .ignoresRetryAfter, case .status(let status, _, let body) = fault.action else { return fault }
        var stripped = fault
        stripped.action = .status(status, retryAfter: nil, body: body)
        return stripped
    }

    func configure(user: ScenarioUser, retry: RetryTimes) throws(StepFailure) {
        var times = retry
        if mutation == .threeExtraRetries {
            times.upload = (retry.upload ?? 600) * 8
            times.download = (retry.download ?? 600) * 8
            times.operation = (retry.operation ?? 120) * 8
        }
        inner.configure(user: user, retry: times)
    }

    func reference(path: String) throws(StepFailure) -> ClientReference { inner.reference(path: path) }
    func reference(url: String) throws(StepFailure) -> Result<ClientReference, StorageError> {
        inner.reference(url: url)
    }
    func root() throws(StepFailure) -> ClientReference { inner.root() }
    func follow(_ link: ClientLink, from reference: ClientReference) throws(StepFailure) -> ClientReference? {
        inner.follow(link, from: reference)
    }
    func put(_ reference: ClientReference, source: ClientUpload, metadata: StorageMetadata?, chunkSize: Int64?)
        throws(StepFailure) -> any ClientTask
    {
        inner.put(reference, source: source, metadata: metadata, chunkSize: chunkSize)
    }
    func getData(_ reference: ClientReference, maxSize: Int64) throws(StepFailure) -> any ClientTask {
        inner.getData(reference, maxSize: maxSize)
    }
    func write(_ reference: ClientReference, toFile url: URL) throws(StepFailure) -> any ClientTask {
        inner.write(reference, toFile: url)
    }
    func getMetadata(_ reference: ClientReference) throws(StepFailure) -> Result<StorageMetadata, StorageError> {
        inner.getMetadata(reference)
    }
    func updateMetadata(_ reference: ClientReference, _ patch: MetadataPatch) throws(StepFailure)
        -> Result<StorageMetadata, StorageError>
    {
        inner.updateMetadata(reference, patch)
    }
    func delete(_ reference: ClientReference) throws(StepFailure) -> Result<Void, StorageError> {
        inner.delete(reference)
    }
    func downloadURL(_ reference: ClientReference) throws(StepFailure) -> Result<URL, StorageError> {
        inner.downloadURL(reference)
    }
    func list(_ reference: ClientReference, maxResults: Int64, pageToken: String?) throws(StepFailure)
        -> Result<ClientPage, StorageError>
    {
        inner.list(reference, maxResults: maxResults, pageToken: pageToken)
    }
    func listAll(_ reference: ClientReference) throws(StepFailure) -> Result<ClientPage, StorageError> {
        inner.listAll(reference)
    }
    func addFaults(_ faults: [RequestFault]) throws(StepFailure) {
        inner.addFaults(faults.map { Self.mutate($0, mutation) })
    }
    func runWork(until condition: @escaping () -> Bool, deadline: Date) throws(StepFailure) -> Bool {
        inner.runWork(until: condition, deadline: deadline)
    }
    var waits: ClockWaits { inner.waits }
    func observe() throws(StepFailure) -> ClientObservation { inner.observe() }
    func firedFaults() throws(StepFailure) -> FaultTally? { inner.firedFaults() }
    func close() { inner.close() }
}
