import Drivers
import Foundation
import ScenarioLanguage
import StorageSDK

/// What a name stands for while a scenario runs: `$bucket`, or what a step named with `as:`.
enum RunValue {
    case string(String)
    case reference(ClientReference)
    case task(TaskRecord)
    case page(ClientPage)
    case metadata(StorageMetadata)
    case observer(ObserverRecord)

    var kindName: String {
        switch self {
        case .string: "a string"
        case .reference: "a reference"
        case .task: "a task"
        case .page: "a list page"
        case .metadata: "metadata"
        case .observer: "an observer"
        }
    }

    /// The value of `$NAME.field.field`, as text.
    func field(_ fields: [String], of name: String) throws(StepFailure) -> String {
        guard let first = fields.first else {
            switch self {
            case .string(let text): return text
            case .reference(let reference): return reference.fullPath
            case .observer(let observer): return observer.handle
            default: throw .error(.unknownField, "$\(name) is \(kindName); name one of its fields")
            }
        }
        let rest = Array(fields.dropFirst())
        switch self {
        case .reference(let reference):
            let value: String? =
                switch first {
                case "fullPath": reference.fullPath
                case "name": reference.name
                case "bucket": reference.bucket
                case "description": reference.description
                default: nil
                }
            if let value, rest.isEmpty { return value }
        case .page(let page):
            if first == "pageToken", rest.isEmpty {
                guard let token = page.pageToken else {
                    throw .error(.unknownField, "$\(name).pageToken: that page has no token")
                }
                return token
            }
        case .metadata(let metadata):
            if let value = MetadataView.value(of: metadata, at: fields) { return value }
        case .task(let record):
            if first == "metadata", case .uploaded(let metadata)? = record.task.product,
                let value = MetadataView.value(of: metadata, at: rest)
            {
                return value
            }
            if first == "status", rest.isEmpty { return record.events.last?.status.description ?? "none" }
        case .observer(let observer):
            if first == "handle", rest.isEmpty { return observer.handle }
        case .string:
            break
        }
        throw .error(.unknownField, "$\(name) (\(kindName)) has no field \(fields.joined(separator: "."))")
    }
}

/// The values of one scenario's names.
struct RunValues {
    private var values: [String: RunValue] = [:]

    subscript(name: String) -> RunValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    func render(_ template: Template) throws(StepFailure) -> String {
        var text = ""
        for part in template.parts {
            switch part {
            case .literal(let literal):
                text += literal
            case .variable(let name, let fields):
                guard let value = values[name] else {
                    throw .error(.unknownName, "$\(name) is not defined at this step")
                }
                text += try value.field(fields, of: name)
            }
        }
        return text
    }

    func value<Value>(_ name: String, _ kind: String, _ extract: (RunValue) -> Value?) throws(StepFailure) -> Value {
        guard let value = values[name] else { throw .error(.unknownName, "$\(name) is not defined at this step") }
        guard let extracted = extract(value) else {
            throw .error(.wrongKind, "$\(name) is \(value.kindName), not \(kind)")
        }
        return extracted
    }

    func task(_ name: String) throws(StepFailure) -> TaskRecord {
        try value(name, "a task") { if case .task(let record) = $0 { record } else { nil } }
    }
}

/// Metadata as scenarios name it: the SDK's `StorageMetadata` properties, as text.
enum MetadataView {
    static let keys = StorageMetadata.propertyNames

    /// The value at a key path (`generation`, `customMetadata.k`); nil when absent.
    static func value(of metadata: StorageMetadata, at path: [String]) -> String? {
        guard let key = path.first else { return nil }
        if key == "customMetadata" {
            guard path.count == 2 else { return nil }
            return metadata.customMetadata?[path[1]]
        }
        guard path.count == 1 else { return nil }
        return metadata.property(key)
    }
}
