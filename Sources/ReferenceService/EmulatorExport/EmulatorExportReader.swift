import Foundation
import Primitives
import StorageAPI

/// Reads an export folder in the Firebase emulator's layout (`EmulatorExportLayout`) and checks all of it
/// before anything is stored: every metadata file parses and names a listed bucket, every blob is there with
/// the size and MD5 its metadata gives, and no object appears twice. A folder that fails any check is
/// refused whole, with the file named.
struct EmulatorExportReader {
    /// One object to store: what its metadata file says, and its bytes.
    typealias Object = (entry: EmulatorObjectJSON.Entry, data: Data)

    /// The export's root (holding firebase-export-metadata.json) or its storage folder.
    let folder: URL

    /// What an export holds: the buckets `buckets.json` lists, the objects, and `serve`'s sidecar records.
    struct Contents {
        var buckets: [String]
        var objects: [Object]
        var sidecars: [(key: SidecarKey, record: Data)]
    }

    func read() throws(EmulatorExportError) -> Contents {
        let storage = try storageFolder()
        let buckets = try bucketList(in: storage)
        return Contents(
            buckets: buckets.sorted(), objects: try objects(in: storage, buckets: buckets),
            sidecars: try sidecars(in: storage, buckets: buckets))
    }

    private func objects(in storage: URL, buckets: Set<String>) throws(EmulatorExportError) -> [Object] {
        let metadataFolder = storage.appendingPathComponent(EmulatorExportLayout.metadataFolder)
        guard try ExportFolderEntry.look(at: EmulatorExportLayout.metadataFolder, under: storage) == .folder else {
            let blobs = try ExportFolderEntry.look(at: EmulatorExportLayout.blobsFolder, under: storage)
            if buckets.isEmpty || blobs != .folder { return [] }
            throw EmulatorExportError(file: metadataFolder.path, problem: "missing, but blobs/ is there")
        }
        var objects: [Object] = []
        var seen: [String: String] = [:]
        for relative in try metadataFiles(in: storage) {
            let file = metadataFolder.appendingPathComponent(relative)
            let object = try self.object(file, relative: relative, storage: storage, buckets: buckets)
            let key = object.entry.resource.bucket + "\n" + object.entry.resource.name
            if let earlier = seen[key] {
                throw EmulatorExportError(
                    file: file.path,
                    problem:
                        "gs://\(object.entry.resource.bucket)/\(object.entry.resource.name) is also described by \(earlier)"
                )
            }
            seen[key] = file.path
            objects.append(object)
        }
        return objects
    }

    private func storageFolder() throws(EmulatorExportError) -> URL {
        let top = folder.appendingPathComponent(EmulatorExportLayout.exportMetadataFile)
        guard try ExportFolderEntry.look(at: EmulatorExportLayout.exportMetadataFile, under: folder) != .missing else {
            guard isFolder(folder) else { throw EmulatorExportError(file: folder.path, problem: "no such folder") }
            if try ExportFolderEntry.look(at: EmulatorExportLayout.bucketsFile, under: folder) != .missing {
                return folder
            }
            throw EmulatorExportError(
                file: folder.path,
                problem: "not an emulator export: it holds neither \(EmulatorExportLayout.exportMetadataFile) nor "
                    + EmulatorExportLayout.bucketsFile)
        }
        let value = try json(EmulatorExportLayout.exportMetadataFile, under: folder)
        guard let storage = value["storage"] else {
            throw EmulatorExportError(
                file: top.path, problem: "the export holds no storage data (no \"storage\" entry)")
        }
        guard let path = storage["path"]?.stringValue, !path.isEmpty, !path.hasPrefix("/"),
            !path.split(separator: "/").contains("..")
        else {
            throw EmulatorExportError(file: top.path, problem: "storage.path: expected a folder inside the export")
        }
        let inner = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard try ExportFolderEntry.look(at: inner, under: folder, for: top.path) == .folder else {
            throw EmulatorExportError(
                file: top.path, problem: "storage.path: \(path.debugDescription) is not a folder of the export")
        }
        return folder.appendingPathComponent(inner)
    }

    private func bucketList(in storage: URL) throws(EmulatorExportError) -> Set<String> {
        let file = storage.appendingPathComponent(EmulatorExportLayout.bucketsFile)
        guard case .array(let entries)? = try json(EmulatorExportLayout.bucketsFile, under: storage)["buckets"] else {
            throw EmulatorExportError(file: file.path, problem: "expected {\"buckets\": [{\"id\": \"BUCKET\"}, …]}")
        }
        var buckets = Set<String>()
        for entry in entries {
            guard let id = entry["id"]?.stringValue, !id.isEmpty else {
                throw EmulatorExportError(file: file.path, problem: "a bucket without an \"id\" string")
            }
            do throws(BackendError) {
                try BucketNameRules.validate(id)
            } catch {
                throw EmulatorExportError(file: file.path, problem: error.message)
            }
            buckets.insert(id)
        }
        return buckets
    }

    /// The metadata files' paths under `metadata/`, sorted; hidden files (such as .DS_Store) are passed over.
    private func metadataFiles(in storage: URL) throws(EmulatorExportError) -> [String] {
        let files = try ExportFolderEntry.files(in: EmulatorExportLayout.metadataFolder, under: storage)
        for relative in files where !relative.hasSuffix(".json") {
            throw EmulatorExportError(
                file: storage.appendingPathComponent(EmulatorExportLayout.metadataFolder + "/" + relative).path,
                problem: "not a metadata file (they end in .json)")
        }
        return files
    }

    private func object(_ file: URL, relative: String, storage: URL, buckets: Set<String>)
        throws(EmulatorExportError) -> Object
    {
        let entry: EmulatorObjectJSON.Entry
        do throws(EmulatorExportError) {
            entry = try EmulatorObjectJSON.decode(
                try json(EmulatorExportLayout.metadataFolder + "/" + relative, under: storage))
        } catch {
            throw EmulatorExportError(file: file.path, problem: error.problem)
        }
        guard buckets.contains(entry.resource.bucket) else {
            throw EmulatorExportError(
                file: file.path,
                problem: "bucket \"\(entry.resource.bucket)\" is not in \(EmulatorExportLayout.bucketsFile)")
        }
        do throws(BackendError) {
            try ObjectNameRules.validate(entry.resource.name)
            try MetadataRules.validate(entry.metadata)
        } catch {
            throw EmulatorExportError(
                file: file.path, problem: "\(entry.resource.name.debugDescription) cannot be imported: \(error.message)"
            )
        }
        let (blob, size) = try blobFile(for: relative, in: storage, metadata: file)
        guard size == entry.resource.size else {
            throw EmulatorExportError(
                file: blob.path,
                problem: "holds \(size) bytes, but \(file.lastPathComponent) says \(entry.resource.size)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: blob, options: .mappedIfSafe)
        } catch {
            throw EmulatorExportError(file: blob.path, problem: "cannot be read: \(error.localizedDescription)")
        }
        guard Int64(data.count) == entry.resource.size else {
            throw EmulatorExportError(
                file: blob.path,
                problem: "holds \(data.count) bytes, but \(file.lastPathComponent) says \(entry.resource.size)")
        }
        return (entry, data)
    }

    /// The emulator's rule: the metadata file's path without `.json`; also tried percent-decoded once, since
    /// the emulator percent-encodes the metadata file's name and not the blob's. Either must name a regular file
    /// inside `blobs/`, reached without links.
    private func blobFile(for relative: String, in storage: URL, metadata: URL) throws(EmulatorExportError)
        -> (URL, size: Int64)
    {
        let stem = String(relative.dropLast(".json".count))
        let candidates = [stem, stem.removingPercentEncoding].compactMap { $0 }
        for candidate in candidates {
            let inner = EmulatorExportLayout.blobsFolder + "/" + candidate
            if case .file(let size) = try ExportFolderEntry.look(at: inner, under: storage, for: metadata.path) {
                return (storage.appendingPathComponent(inner), size)
            }
        }
        throw EmulatorExportError(
            file: metadata.path,
            problem:
                "its bytes are missing: no \(storage.appendingPathComponent(EmulatorExportLayout.blobsFolder + "/" + stem).path)"
        )
    }

    /// The most bytes a JSON file of an export may hold: far more than any metadata file, far less than memory.
    static let largestJSONFile: Int64 = 16 << 20

    /// The JSON file `relative` under `root`: a regular file reached without links, at most `largestJSONFile`.
    func json(_ relative: String, under root: URL) throws(EmulatorExportError) -> JSONValue {
        let file = root.appendingPathComponent(relative)
        switch try ExportFolderEntry.look(at: relative, under: root) {
        case .file(let size) where size > Self.largestJSONFile:
            throw EmulatorExportError(
                file: file.path, problem: "holds \(size) bytes, more than a metadata file may (16 MiB)")
        case .file: break
        case .folder: throw EmulatorExportError(file: file.path, problem: "is a folder, not a JSON file")
        case .missing: throw EmulatorExportError(file: file.path, problem: "cannot be read: it does not exist")
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw EmulatorExportError(file: file.path, problem: "cannot be read: \(error.localizedDescription)")
        }
        do throws(JSONParseError) {
            return try JSONParser.parse(data)
        } catch {
            throw EmulatorExportError(file: file.path, problem: "not valid JSON: \(error)")
        }
    }

    private func isFolder(_ url: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
    }
}
