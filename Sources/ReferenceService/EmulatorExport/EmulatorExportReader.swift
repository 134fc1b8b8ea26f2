import Foundation
import Primitives

/// Reads an export folder in the Firebase emulator's layout (`EmulatorExportLayout`) and checks all of it
/// before anything is stored: every metadata file parses and names a listed bucket, every blob is there with
/// the size and MD5 its metadata gives, and no object appears twice. A folder that fails any check is
/// refused whole, with the file named.
struct EmulatorExportReader {
    /// One object to store: what its metadata file says, and its bytes.
    typealias Object = (entry: EmulatorObjectJSON.Entry, data: Data)

    /// The export's root (holding firebase-export-metadata.json) or its storage folder.
    let folder: URL

    func read() throws(EmulatorExportError) -> [Object] {
        let storage = try storageFolder()
        let buckets = try bucketList(storage.appendingPathComponent(EmulatorExportLayout.bucketsFile))
        let metadataFolder = storage.appendingPathComponent(EmulatorExportLayout.metadataFolder)
        let blobsFolder = storage.appendingPathComponent(EmulatorExportLayout.blobsFolder)
        guard isFolder(metadataFolder) else {
            if buckets.isEmpty || !isFolder(blobsFolder) { return [] }
            throw EmulatorExportError(file: metadataFolder.path, problem: "missing, but blobs/ is there")
        }
        var objects: [Object] = []
        var seen: [String: String] = [:]
        for relative in try metadataFiles(in: metadataFolder) {
            let file = metadataFolder.appendingPathComponent(relative)
            let object = try self.object(file, relative: relative, blobs: blobsFolder, buckets: buckets)
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
        guard FileManager.default.fileExists(atPath: top.path) else {
            guard isFolder(folder) else { throw EmulatorExportError(file: folder.path, problem: "no such folder") }
            if FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(EmulatorExportLayout.bucketsFile).path)
            {
                return folder
            }
            throw EmulatorExportError(
                file: folder.path,
                problem: "not an emulator export: it holds neither \(EmulatorExportLayout.exportMetadataFile) nor "
                    + EmulatorExportLayout.bucketsFile)
        }
        let value = try json(top)
        guard let storage = value["storage"] else {
            throw EmulatorExportError(
                file: top.path, problem: "the export holds no storage data (no \"storage\" entry)")
        }
        guard let path = storage["path"]?.stringValue, !path.isEmpty, !path.hasPrefix("/"),
            !path.split(separator: "/").contains("..")
        else {
            throw EmulatorExportError(file: top.path, problem: "storage.path: expected a folder inside the export")
        }
        return folder.appendingPathComponent(path)
    }

    private func bucketList(_ file: URL) throws(EmulatorExportError) -> Set<String> {
        guard case .array(let entries)? = try json(file)["buckets"] else {
            throw EmulatorExportError(file: file.path, problem: "expected {\"buckets\": [{\"id\": \"BUCKET\"}, …]}")
        }
        var buckets = Set<String>()
        for entry in entries {
            guard let id = entry["id"]?.stringValue, !id.isEmpty else {
                throw EmulatorExportError(file: file.path, problem: "a bucket without an \"id\" string")
            }
            buckets.insert(id)
        }
        return buckets
    }

    /// The metadata files' paths under `folder`, sorted; hidden files (such as .DS_Store) are passed over.
    private func metadataFiles(in folder: URL) throws(EmulatorExportError) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else {
            throw EmulatorExportError(file: folder.path, problem: "cannot be read")
        }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            if url.lastPathComponent.hasPrefix(".") || isFolder(url) { continue }
            guard relative.hasSuffix(".json") else {
                throw EmulatorExportError(file: url.path, problem: "not a metadata file (they end in .json)")
            }
            files.append(relative)
        }
        return files.sorted()
    }

    private func object(_ file: URL, relative: String, blobs: URL, buckets: Set<String>) throws(EmulatorExportError)
        -> Object
    {
        let entry: EmulatorObjectJSON.Entry
        do throws(EmulatorExportError) {
            entry = try EmulatorObjectJSON.decode(try json(file))
        } catch {
            throw EmulatorExportError(file: file.path, problem: error.problem)
        }
        guard buckets.contains(entry.resource.bucket) else {
            throw EmulatorExportError(
                file: file.path,
                problem: "bucket \"\(entry.resource.bucket)\" is not in \(EmulatorExportLayout.bucketsFile)")
        }
        let blob = try blobFile(for: relative, in: blobs, metadata: file)
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
    /// the emulator percent-encodes the metadata file's name and not the blob's.
    private func blobFile(for relative: String, in blobs: URL, metadata: URL) throws(EmulatorExportError) -> URL {
        let stem = String(relative.dropLast(".json".count))
        let candidates = [stem, stem.removingPercentEncoding].compactMap { $0 }
        for candidate in candidates {
            let url = blobs.appendingPathComponent(candidate)
            if FileManager.default.fileExists(atPath: url.path), !isFolder(url) { return url }
        }
        throw EmulatorExportError(
            file: metadata.path, problem: "its bytes are missing: no \(blobs.appendingPathComponent(stem).path)")
    }

    private func json(_ file: URL) throws(EmulatorExportError) -> JSONValue {
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
