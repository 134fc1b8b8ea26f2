import Foundation
import Primitives
import StorageAPI
import StorageSDK

/// How the driver protocol writes the values it carries (docs/driver-protocol.md §3): references, metadata,
/// metadata changes, errors, task events and faults, each as a JSON value. Both ends use it: the runner's
/// `DriverClient` and the project's own driver.
package enum DriverWire {
    package struct Problem: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) { self.description = description }
    }

    // MARK: References

    package static func reference(id: String, _ reference: StorageReference) -> JSONValue {
        .members([
            "id": .string(id), "bucket": .string(reference.bucket), "fullPath": .string(reference.fullPath),
            "name": .string(reference.name), "description": .string(reference.description),
        ])
    }

    package static func reference(_ value: JSONValue) throws(Problem) -> ClientReference {
        ClientReference(
            bucket: try string(value, "bucket"), fullPath: try string(value, "fullPath"),
            name: try string(value, "name"),
            description: try string(value, "description"), handle: .remote(try string(value, "id")))
    }

    // MARK: Metadata

    /// An upload's metadata: the writable fields and the custom metadata, absent ones left out.
    package static func uploadMetadata(_ metadata: StorageMetadata) -> JSONValue {
        let fields = metadata.uploadFields
        var members = MetadataField.allCases.compactMap { field in
            fields[field].map { JSONValue.Member(field.rawValue, .string($0)) }
        }
        if let custom = metadata.customMetadata {
            members.append(.init("customMetadata", stringMap(custom)))
        }
        return .object(members)
    }

    package static func uploadMetadata(_ value: JSONValue) throws(Problem) -> StorageMetadata {
        var metadata = StorageMetadata()
        for field in MetadataField.allCases { metadata[field] = try optionalString(value, field.rawValue) }
        if let custom = value["customMetadata"] { metadata.customMetadata = try stringMap(custom, "customMetadata") }
        return metadata
    }

    /// What the service reported, as the SDK's `StorageMetadata` shows it (`ObjectFieldStyle.driverProtocol`).
    package static func metadata(_ metadata: StorageMetadata) -> JSONValue {
        .object(ObjectFieldStyle.driverProtocol.members(of: metadata.resource))
    }

    package static func metadata(_ value: JSONValue) throws(Problem) -> StorageMetadata {
        guard case .object = value else { throw Problem(description: "metadata: expected an object") }
        var resource = ObjectResource.blank
        do {
            _ = try ObjectFieldStyle.driverProtocol.read(value, into: &resource)
        } catch {
            throw Problem(description: "metadata.\(error.description)")
        }
        return StorageMetadata(resource: resource)
    }

    // MARK: Changes

    package static func patch(_ patch: MetadataPatch) -> JSONValue {
        .members([
            "fields": .object(
                patch.fields.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                    .init($0.key.rawValue, $0.value.map { .string($0) } ?? .null)
                }),
            "customMetadata": .object(
                patch.customMetadata.sorted { $0.key < $1.key }.map {
                    .init($0.key, $0.value.map { .string($0) } ?? .null)
                }
            ),
            "removesAllCustomMetadata": .bool(patch.removesAllCustomMetadata),
        ])
    }

    package static func patch(_ value: JSONValue) throws(Problem) -> MetadataPatch {
        var patch = MetadataPatch()
        if case .object(let fields)? = value["fields"] {
            for member in fields {
                guard let field = MetadataField(rawValue: member.key) else {
                    throw Problem(description: "patch.fields: unknown field \(member.key)")
                }
                patch.fields[field] = .some(member.value.stringValue)
            }
        }
        if case .object(let custom)? = value["customMetadata"] {
            for member in custom { patch.customMetadata[member.key] = .some(member.value.stringValue) }
        }
        if case .bool(true)? = value["removesAllCustomMetadata"] { patch.removesAllCustomMetadata = true }
        return patch
    }

    // MARK: Errors and events

    package static func error(_ error: StorageError) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("code", .number(String(error.code.rawValue))), .init("message", .string(error.message)),
        ]
        if let status = error.serverStatus { members.append(.init("status", .number(String(status)))) }
        if let body = error.responseBody { members.append(.init("body", .string(body))) }
        return .object(members)
    }

    package static func error(_ value: JSONValue) throws(Problem) -> StorageError {
        let code: StorageErrorCode?
        switch value["code"] {
        case .string(let name)?: code = StorageErrorCode(nameOrNumber: name)
        case let number?:
            code = number.integerValue.flatMap { Int(exactly: $0) }.flatMap(StorageErrorCode.init(rawValue:))
        case nil: code = nil
        }
        guard let code else { throw Problem(description: "error.code: expected a StorageErrorCode name or number") }
        var error = StorageError(
            code: code, message: try optionalString(value, "message") ?? "",
            serverStatus: value["status"]?.integerValue.map { Int($0) })
        error.responseBody = try optionalString(value, "body")
        return error
    }

    package static func progress(_ value: JSONValue) -> StorageProgress {
        StorageProgress(
            completedUnitCount: value["completed"]?.integerValue ?? 0,
            totalUnitCount: value["total"]?.integerValue ?? -1)
    }

    // MARK: Faults

    /// A list of faults (`begin` and `fault`).
    package static func faults(_ value: JSONValue?) throws(Problem) -> [RequestFault] {
        do {
            return try RequestFaultJSON.decodeList(value)
        } catch {
            throw Problem(description: error.description)
        }
    }

    // MARK: Pages

    /// `list` and `listAll`'s answer: `prefixes`, `items` and `pageToken`.
    package static func page(_ answer: JSONValue) throws(Problem) -> ClientPage {
        guard case .array(let prefixes)? = answer["prefixes"], case .array(let items)? = answer["items"] else {
            throw Problem(description: "expected prefixes and items")
        }
        var page = ClientPage(prefixes: [], items: [], pageToken: try optionalString(answer, "pageToken"))
        for prefix in prefixes { page.prefixes.append(try reference(prefix)) }
        for item in items { page.items.append(try reference(item)) }
        return page
    }

    // MARK: Scalars

    /// The bytes of base64 text under `key`, or nil when there is none.
    package static func bytes(_ value: JSONValue, _ key: String) throws(Problem) -> Data? {
        guard let text = try optionalString(value, key) else { return nil }
        guard case .success(let bytes) = Base64.decode(text) else { throw Problem(description: "\(key): not base64") }
        return Data(bytes)
    }

    /// A finite number (`1e999`, which no Double holds, is none).
    package static func number(_ value: JSONValue?) -> Double? {
        guard case .number(let text)? = value, let number = Double(text), number.isFinite else { return nil }
        return number
    }

    /// A number of seconds from 0 to a day; a message with another is malformed.
    package static func seconds(_ value: JSONValue?, _ key: String) throws(Problem) -> Double? {
        guard let value, !isNull(value) else { return nil }
        guard let number = number(value), let seconds = CheckedNumber.seconds(number, upTo: 86_400) else {
            throw Problem(description: "\(key): expected a number of seconds from 0 to 86400, not \(value.text)")
        }
        return seconds
    }

    /// An integer within `range` under `key`, or nil when there is none; a message with another is malformed.
    package static func integer(_ value: JSONValue, _ key: String, in range: ClosedRange<Int64>) throws(Problem)
        -> Int64?
    {
        guard let member = value[key], !isNull(member) else { return nil }
        guard let number = member.integerValue, range.contains(number) else {
            throw Problem(
                description:
                    "\(key): expected an integer from \(range.lowerBound) to \(range.upperBound), not \(member.text)")
        }
        return number
    }

    package static func isNull(_ value: JSONValue) -> Bool {
        if case .null = value { return true }
        return false
    }

    package static func string(_ value: JSONValue, _ key: String) throws(Problem) -> String {
        guard let text = value[key]?.stringValue else { throw Problem(description: "\(key): expected a string") }
        return text
    }

    package static func optionalString(_ value: JSONValue, _ key: String) throws(Problem) -> String? {
        switch value[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw Problem(description: "\(key): expected a string, found \(other.kindDescription)")
        }
    }

    private static func stringMap(_ map: [String: String]) -> JSONValue {
        .object(map.sorted { $0.key < $1.key }.map { .init($0.key, .string($0.value)) })
    }

    private static func stringMap(_ value: JSONValue, _ key: String) throws(Problem) -> [String: String] {
        guard case .object(let members) = value else { throw Problem(description: "\(key): expected an object") }
        var map: [String: String] = [:]
        for member in members {
            guard let text = member.value.stringValue else {
                throw Problem(description: "\(key).\(member.key): not a string")
            }
            map[member.key] = text
        }
        return map
    }
}
