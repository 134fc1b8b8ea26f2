import Foundation
import Primitives
import ScenarioLanguage
import StorageAPI
import StorageSDK
import Targets

/// The one-shot operations and the faults of a `DriverClient`: a request each, answered in the protocol's shape.
extension DriverClient {
    package func getMetadata(_ reference: ClientReference) throws(StepFailure) -> Result<StorageMetadata, StorageError>
    {
        try metadataAnswer("getMetadata", [.init("ref", .string(id(of: reference)))])
    }

    package func updateMetadata(_ reference: ClientReference, _ patch: MetadataPatch) throws(StepFailure)
        -> Result<StorageMetadata, StorageError>
    {
        try metadataAnswer(
            "updateMetadata", [.init("ref", .string(id(of: reference))), .init("patch", DriverWire.patch(patch))])
    }

    private func metadataAnswer(_ op: String, _ fields: [JSONValue.Member]) throws(StepFailure)
        -> Result<StorageMetadata, StorageError>
    {
        try answer(op, fields) { answer throws(DriverWire.Problem) in
            guard let value = answer["metadata"] else { throw DriverWire.Problem(description: "no metadata") }
            return try DriverWire.metadata(value)
        }
    }

    package func delete(_ reference: ClientReference) throws(StepFailure) -> Result<Void, StorageError> {
        try connection.request("delete", [.init("ref", .string(id(of: reference)))]).map { _ in () }
    }

    package func downloadURL(_ reference: ClientReference) throws(StepFailure) -> Result<URL, StorageError> {
        try answer("downloadURL", [.init("ref", .string(id(of: reference)))]) { answer throws(DriverWire.Problem) in
            guard let text = answer["url"]?.stringValue, let url = URL(string: text) else {
                throw DriverWire.Problem(description: "no url")
            }
            return url
        }
    }

    package func list(_ reference: ClientReference, maxResults: Int64, pageToken: String?) throws(StepFailure)
        -> Result<ClientPage, StorageError>
    {
        try answer(
            "list",
            [
                .init("ref", .string(id(of: reference))), .init("maxResults", .number(String(maxResults))),
                .init("pageToken", pageToken.map { .string($0) } ?? .null),
            ], DriverWire.page)
    }

    package func listAll(_ reference: ClientReference) throws(StepFailure) -> Result<ClientPage, StorageError> {
        try answer("listAll", [.init("ref", .string(id(of: reference)))], DriverWire.page)
    }

    package func addFaults(_ added: [RequestFault]) throws(StepFailure) {
        declared.withLock { $0 += added }
        if let targetFaults { return try arm(added, on: targetFaults) }
        _ = try expectSuccess("fault", [.init("faults", .array(added.map(RequestFaultJSON.encode)))])
    }

    package func firedFaults() throws(StepFailure) -> FaultTally? {
        if let targetFaults {
            do throws(TargetFailure) {
                return try targetFaults.tally()
            } catch {
                throw .error(.targetError, error.description)
            }
        }
        guard spec.capabilities.firedFaults else { return nil }
        let answer = try expectSuccess("firedFaults", [])
        guard let tally = FaultTally(json: answer) else {
            throw malformed("firedFaults", "expected {\"firings\": [N…], \"seen\": {KIND: N…}}")
        }
        return tally
    }
}
