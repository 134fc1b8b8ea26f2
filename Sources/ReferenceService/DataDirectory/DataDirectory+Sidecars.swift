import Foundation
import Primitives
import StorageAPI

/// Sidecar records (`SidecarRecords`) in `resources/`: one file each, named by the SHA-256 of its key, holding
/// `{"bucket": …, "name": …, "record": …}`.
extension DataDirectory {
    /// Writes a record durably.
    func write(sidecar record: Data, at key: SidecarKey) throws(BackendError) {
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(record)
        } catch {
            throw BackendError(status: 500, "A sidecar record must be JSON: \(error).")
        }
        let file = JSONValue.object([
            .init("bucket", key.bucket.map(JSONValue.string) ?? .null), .init("name", .string(key.name)),
            .init("record", parsed),
        ])
        do {
            try FileSystem.publish(file.data, to: sidecarPath(key), folder: folder("resources"))
        } catch {
            throw Self.failed(error)
        }
    }

    /// Removes a record durably.
    func removeSidecar(_ key: SidecarKey) {
        FileSystem.remove(sidecarPath(key))
        try? FileSystem.syncFolder(folder("resources"))
    }

    /// Every record, read back; throws, naming the file, for one that cannot be read. A record beside a bucket
    /// that has no record is kept: the bucket may come back from its objects (an older layout).
    func loadSidecars() throws(DataDirectoryError) -> [SidecarKey: Data] {
        var records: [SidecarKey: Data] = [:]
        for file in FileSystem.names(in: folder("resources")).sorted() where file.hasSuffix(".json") {
            let relative = "resources/" + file
            guard let data = FileManager.default.contents(atPath: folder("resources") + "/" + file) else {
                throw DataDirectoryError(path, relative, "cannot be read")
            }
            let entry = try RecordJSON(data, file: path + "/" + relative)
            let bucket: String?
            if case .null? = entry.members["bucket"] { bucket = nil } else { bucket = try entry.string("bucket") }
            guard let record = entry.members["record"] else {
                throw DataDirectoryError(path, relative, "has no \"record\"")
            }
            records[SidecarKey(bucket: bucket, name: try entry.string("name"))] = record.data
        }
        return records
    }

    private func sidecarPath(_ key: SidecarKey) -> String {
        let text = (key.bucket.map { "b\u{0}" + $0 } ?? "-") + "\u{0}" + key.name
        return folder("resources") + "/" + SHA256.hex(of: Data(text.utf8)) + ".json"
    }
}
