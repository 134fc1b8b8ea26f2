import Foundation
import Primitives
import StorageAPI

/// Writes objects as the Firebase emulator exports them (`EmulatorExportLayout`), so that
/// `firebase emulators:start --import DIR` reads them. The storage folder is built beside the old one and
/// swapped in with renames once every file is written and synced, so an interrupted export leaves the
/// previous one whole; the other emulators' entries in firebase-export-metadata.json are kept.
struct EmulatorExportWriter {
    let folder: URL
    /// Written as the export's and the storage export's `version`.
    let version: String

    /// `buckets` are listed in `buckets.json` beside those of the objects.
    func write(
        _ objects: [(resource: ObjectResource, bytes: ObjectRead)], buckets: [String] = [],
        sidecars: [(key: SidecarKey, record: Data)] = []
    ) throws(EmulatorExportError) {
        try createFolder(folder)
        let fresh = folder.appendingPathComponent(".\(EmulatorExportLayout.storageFolder).\(UUID().uuidString)")
        do throws(EmulatorExportError) {
            try writeStorage(objects, buckets: buckets, into: fresh)
            if let records = EmulatorExportSidecars.json(sidecars) {
                try writeFile(
                    fresh.appendingPathComponent(EmulatorExportLayout.sidecarsFile), Data(records.prettyText.utf8))
            }
            try swapIn(fresh, as: folder.appendingPathComponent(EmulatorExportLayout.storageFolder))
            try writeExportMetadata()
        } catch {
            try? FileManager.default.removeItem(at: fresh)
            throw error
        }
    }

    private func writeStorage(
        _ objects: [(resource: ObjectResource, bytes: ObjectRead)], buckets listed: [String], into storage: URL
    ) throws(EmulatorExportError) {
        let metadata = storage.appendingPathComponent(EmulatorExportLayout.metadataFolder)
        let blobs = storage.appendingPathComponent(EmulatorExportLayout.blobsFolder)
        try createFolder(metadata)
        try createFolder(blobs)
        let buckets = Set(objects.map(\.resource.bucket)).union(listed).sorted()
        let list = JSONValue.members(["buckets": .array(buckets.map { .members(["id": .string($0)]) })])
        try writeFile(storage.appendingPathComponent(EmulatorExportLayout.bucketsFile), Data(list.prettyText.utf8))
        for (resource, bytes) in objects {
            let name = UUID().uuidString.lowercased()
            try writeFile(blobs.appendingPathComponent(name)) { try AtomicFile.write(bytes.body, to: $0) }
            try writeFile(
                metadata.appendingPathComponent(name + ".json"),
                Data(EmulatorObjectJSON.encode(resource).prettyText.utf8))
        }
    }

    /// Replaces `target` with `fresh`: the old folder is renamed aside first, then removed.
    private func swapIn(_ fresh: URL, as target: URL) throws(EmulatorExportError) {
        let manager = FileManager.default
        let old = folder.appendingPathComponent(".\(EmulatorExportLayout.storageFolder).old.\(UUID().uuidString)")
        let hadOld = manager.fileExists(atPath: target.path)
        if hadOld, rename(target.path, old.path) != 0 {
            throw EmulatorExportError(file: target.path, problem: "cannot be moved aside: \(Self.errnoText())")
        }
        guard rename(fresh.path, target.path) == 0 else {
            let problem = Self.errnoText()
            if hadOld { _ = rename(old.path, target.path) }
            throw EmulatorExportError(file: target.path, problem: "cannot be put in place: \(problem)")
        }
        if hadOld { try? manager.removeItem(at: old) }
    }

    /// firebase-export-metadata.json with this export's storage entry, keeping every other entry.
    private func writeExportMetadata() throws(EmulatorExportError) {
        let file = folder.appendingPathComponent(EmulatorExportLayout.exportMetadataFile)
        var members: [JSONValue.Member] = []
        if let existing = try? Data(contentsOf: file) {
            guard case .object(let kept)? = try? JSONParser.parse(existing) else {
                throw EmulatorExportError(file: file.path, problem: "not a JSON object: left as it is, export stopped")
            }
            members = kept.filter { $0.key != "storage" }
        }
        if !members.contains(where: { $0.key == "version" }) {
            members.insert(.init("version", .string(version)), at: 0)
        }
        members.append(
            .init(
                "storage",
                .members(["version": .string(version), "path": .string(EmulatorExportLayout.storageFolder)])))
        try writeFile(file, Data(JSONValue.object(members).prettyText.utf8))
    }

    private func createFolder(_ url: URL) throws(EmulatorExportError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw EmulatorExportError(file: url.path, problem: "cannot be created: \(error.localizedDescription)")
        }
    }

    /// Writes `data` as `AtomicFile` writes reports: to a synced temporary file renamed into place, so no reader
    /// ever sees a short file.
    private func writeFile(_ url: URL, _ data: Data) throws(EmulatorExportError) {
        try writeFile(url) { try AtomicFile.write(data, to: $0) }
    }

    /// Runs `write` with the file's path, turning its failure into one that names the file.
    private func writeFile(_ url: URL, _ write: (String) throws -> Void) throws(EmulatorExportError) {
        do {
            try write(url.path)
        } catch let error as AtomicFileError {
            throw EmulatorExportError(file: url.path, problem: error.reason)
        } catch {
            throw EmulatorExportError(file: url.path, problem: "\(error)")
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
