import Foundation
import Primitives
import StorageAPI

/// `serve`'s sidecar records in an export (`EmulatorExportLayout.sidecarsFile`, docs/emulator-export.md §4):
/// `{"records": [{"bucket": …, "name": …, "record": …}, …]}`, a bucket of `null` for a record of the whole store.
enum EmulatorExportSidecars {
    static func json(_ records: [(key: SidecarKey, record: Data)]) -> JSONValue? {
        guard !records.isEmpty else { return nil }
        var entries: [JSONValue] = []
        for (key, record) in records {
            guard let parsed = try? JSONParser.parse(record) else { continue }
            entries.append(
                .members([
                    "bucket": key.bucket.map(JSONValue.string) ?? .null, "name": .string(key.name), "record": parsed,
                ]))
        }
        return .members(["records": .array(entries)])
    }
}

extension EmulatorExportReader {
    /// The sidecar records, none when the file is absent (an export of the emulator's); each names a bucket
    /// `buckets.json` lists, or none.
    func sidecars(in storage: URL, buckets: Set<String>) throws(EmulatorExportError) -> [(
        key: SidecarKey, record: Data
    )] {
        let name = EmulatorExportLayout.sidecarsFile
        guard try ExportFolderEntry.look(at: name, under: storage) != .missing else { return [] }
        let file = storage.appendingPathComponent(name).path
        guard case .array(let entries)? = try json(name, under: storage)["records"] else {
            throw EmulatorExportError(
                file: file, problem: "expected {\"records\": [{\"bucket\", \"name\", \"record\"}, …]}")
        }
        var records: [(key: SidecarKey, record: Data)] = []
        for entry in entries {
            guard let name = entry["name"]?.stringValue, let record = entry["record"] else {
                throw EmulatorExportError(file: file, problem: "a record without a \"name\" string and a \"record\"")
            }
            let bucket: String?
            switch entry["bucket"] {
            case .null?, nil: bucket = nil
            case .string(let named)?:
                guard buckets.contains(named) else {
                    throw EmulatorExportError(
                        file: file,
                        problem: "the record \(name) names the bucket \(named), which buckets.json does not list")
                }
                bucket = named
            default:
                throw EmulatorExportError(
                    file: file, problem: "the record \(name): \"bucket\" must be a string or null")
            }
            records.append((SidecarKey(bucket: bucket, name: name), record.data))
        }
        return records
    }
}
