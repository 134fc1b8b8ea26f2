import Primitives
import StorageSDK

/// References made by the driver's SDK: each is the driver's handle (`ref`), made from a path, a URL, the root
/// or a link from another reference.
extension DriverClient {
    package func reference(path: String) throws(StepFailure) -> ClientReference {
        try required(try referenceAnswer(oneString(path, given: "path") ?? ["path": .string(path)]), "a path")
    }

    package func reference(url: String) throws(StepFailure) -> Result<ClientReference, StorageError> {
        switch try referenceAnswer(oneString(url, given: "url") ?? ["url": .string(url)]) {
        case .success(let reference?): return .success(reference)
        case .success(nil): throw malformed("ref", "no reference for a URL")
        case .failure(let error): return .failure(error)
        }
    }

    /// `ref` from one string (protocol 2, `references: oneString`): the driver's SDK tells a path from a URL.
    private func oneString(_ text: String, given: String) -> KeyValuePairs<String, JSONValue>? {
        spec.capabilities.oneStringReferences ? ["string": .string(text), "given": .string(given)] : nil
    }

    package func root() throws(StepFailure) -> ClientReference {
        try required(try referenceAnswer(["root": .bool(true)]), "the root")
    }

    /// A reference the SDK always makes (it cannot fail, or be nil).
    private func required(_ answer: Result<ClientReference?, StorageError>, _ what: String) throws(StepFailure)
        -> ClientReference
    {
        switch answer {
        case .success(let reference?): return reference
        case .success(nil): throw malformed("ref", "no reference for \(what)")
        case .failure(let error): throw malformed("ref", "an error for \(what): \(error.description)")
        }
    }

    package func follow(_ link: ClientLink, from reference: ClientReference) throws(StepFailure) -> ClientReference? {
        let linkValue: JSONValue =
            switch link {
            case .parent: .string("parent")
            case .root: .string("root")
            case .child(let path): .members(["child": .string(path)])
            }
        switch try referenceAnswer(["from": .string(id(of: reference)), "link": linkValue]) {
        case .success(let reference): return reference
        case .failure(let error): throw malformed("ref", "an error following a link: \(error.description)")
        }
    }

    private func referenceAnswer(_ fields: KeyValuePairs<String, JSONValue>) throws(StepFailure)
        -> Result<ClientReference?, StorageError>
    {
        try answer("ref", fields.map { .init($0.key, $0.value) }) { answer throws(DriverWire.Problem) in
            guard let value = answer["ref"] else { throw DriverWire.Problem(description: "no ref") }
            if case .null = value { return nil }
            return try DriverWire.reference(value)
        }
    }
}
