import Foundation
import Primitives
import StorageAPI

/// Reads the members of one record file of the data directory, failing with the file and the member at fault.
struct RecordJSON {
    let file: String
    let members: JSONValue

    init(_ data: Data, file: String) throws(DataDirectoryError) {
        self.file = file
        do {
            members = try JSONParser.parse(data)
        } catch {
            throw DataDirectoryError("\(file): not valid JSON (\(error))")
        }
        guard case .object = members else { throw DataDirectoryError("\(file): not a JSON object") }
    }

    private func problem(_ key: String, _ expected: String) -> DataDirectoryError {
        DataDirectoryError("\(file): \"\(key)\" must be \(expected)")
    }

    func string(_ key: String) throws(DataDirectoryError) -> String {
        guard let text = members[key]?.stringValue else { throw problem(key, "a string") }
        return text
    }

    func optionalString(_ key: String) throws(DataDirectoryError) -> String? {
        guard let value = members[key] else { return nil }
        guard let text = value.stringValue else { throw problem(key, "a string") }
        return text
    }

    /// An integer within `range` (a record is outside input: a number beyond would overflow what counts on
    /// from it).
    func integer(_ key: String, in range: ClosedRange<Int64>) throws(DataDirectoryError) -> Int64 {
        guard let number = members[key]?.integerValue, range.contains(number) else {
            throw problem(key, "an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    func optionalInteger(_ key: String, in range: ClosedRange<Int64>) throws(DataDirectoryError) -> Int64? {
        guard members[key] != nil else { return nil }
        return try integer(key, in: range)
    }

    func date(_ key: String) throws(DataDirectoryError) -> Date {
        guard let date = StorageDateFormat.date(from: try string(key)) else { throw problem(key, "a date") }
        return date
    }

    func strings(_ key: String) throws(DataDirectoryError) -> [String] {
        guard case .array(let elements)? = members[key] else { throw problem(key, "an array of strings") }
        var texts: [String] = []
        for element in elements {
            guard let text = element.stringValue else { throw problem(key, "an array of strings") }
            texts.append(text)
        }
        return texts
    }

    /// The writable metadata, as `members(of:)` wrote it.
    func metadataFields() throws(DataDirectoryError) -> ObjectMetadataFields {
        var fields = ObjectMetadataFields()
        for field in MetadataField.allCases {
            fields[field] = try optionalString(field.rawValue)
        }
        guard let custom = members["metadata"] else { return fields }
        guard case .object(let entries) = custom else { throw problem("metadata", "an object of strings") }
        for entry in entries {
            guard let value = entry.value.stringValue else { throw problem("metadata", "an object of strings") }
            fields.customMetadata[entry.key] = value
        }
        return fields
    }

    /// The members that write `fields` (absent ones left out), as `metadataFields()` reads them.
    static func members(of fields: ObjectMetadataFields) -> [JSONValue.Member] {
        var members = MetadataField.allCases.compactMap { field in
            fields[field].map { JSONValue.Member(field.rawValue, .string($0)) }
        }
        let custom = fields.customMetadata.sorted { $0.key < $1.key }.map {
            JSONValue.Member($0.key, .string($0.value))
        }
        members.append(.init("metadata", .object(custom)))
        return members
    }
}
