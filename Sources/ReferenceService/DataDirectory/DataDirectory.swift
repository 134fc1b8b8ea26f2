import Foundation
import Primitives
import StorageAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder a disk-backed service keeps its objects in (`serve --data-dir`; docs/data-directory.md):
///
///     FORMAT            what this folder is, and the layout's version
///     buckets/NAME.json one bucket: its name and when it was made (a folder from before buckets had records
///                       gets its buckets from its objects)
///     objects/ID.json   one finished object's metadata: generation, checksums, fields, download tokens
///     blobs/ID          its bytes
///     sessions/ID.json  an open resumable upload: what its start fixed
///     staging/ID        the bytes an upload holds so far
///     resources/H.json  one sidecar record (`SidecarRecords`): a dialect's own resource, such as a bucket's GCS
///                       metadata; H hashes its key
///
/// Every record appears whole: written under a temporary name, synced, renamed into place, and the folder
/// synced. An object exists once its record is in `objects/`, which happens only after its blob is durable in
/// `blobs/`; whatever a crash leaves half done, `load` removes. One process uses a folder at a time.
public final class DataDirectory: Sendable {
    public let path: String
    /// Held open with an exclusive lock for as long as the directory is used.
    private let lock: Int32

    static let formatLine = "storage-conformance data directory, layout 1\n"
    private static let folders = ["buckets", "objects", "blobs", "sessions", "staging", "resources"]

    /// Opens (creating when missing) the data directory at `path`. Throws when it is another kind of folder,
    /// another layout, or in use by another process.
    public static func open(_ path: String) throws(DataDirectoryError) -> DataDirectory {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw DataDirectoryError("\(path): cannot create the data directory (\(error.localizedDescription))")
        }
        let formatPath = path + "/FORMAT"
        if let format = manager.contents(atPath: formatPath) {
            guard String(decoding: format, as: UTF8.self) == formatLine else {
                throw DataDirectoryError(
                    path, "FORMAT", "another layout than this version writes (\(formatLine.dropLast()))")
            }
        } else {
            let present = FileSystem.names(in: path).filter { !$0.hasPrefix(".") }
            guard present.isEmpty else {
                throw DataDirectoryError(
                    "\(path): not a data directory (it has no FORMAT file but holds \(present.sorted().prefix(3).joined(separator: ", ")))"
                )
            }
        }
        let lock: Int32
        do {
            lock = try FileSystem.openFile(path + "/.lock", O_RDWR | O_CREAT)
        } catch {
            throw DataDirectoryError("\(path): \(error)")
        }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            close(lock)
            throw DataDirectoryError("\(path): in use by another process (it holds the folder's lock)")
        }
        do {
            for folder in folders {
                try manager.createDirectory(atPath: path + "/" + folder, withIntermediateDirectories: true)
            }
            if manager.contents(atPath: formatPath) == nil {
                try FileSystem.publish(Data(formatLine.utf8), to: formatPath, folder: path)
            }
        } catch {
            close(lock)
            throw DataDirectoryError("\(path): cannot lay out the data directory (\(error))")
        }
        return DataDirectory(path: path, lock: lock)
    }

    private init(path: String, lock: Int32) {
        self.path = path
        self.lock = lock
    }

    deinit {
        close(lock)
    }

    /// What a directory holds when it is opened.
    struct Contents {
        var buckets: [BucketResource] = []
        var objects: [ObjectRecord] = []
        var sessions: [RestoredSession] = []
        var sidecars: [SidecarKey: Data] = [:]
    }

    /// An open upload read back, with the bytes it holds hashed again.
    struct RestoredSession {
        var record: SessionRecord
        var staging: FileStaging
    }

    /// Reads every object and open upload, after removing what a crash left half done: temporary files, a
    /// record replaced by a newer generation of its object, blobs and staged bytes no record names. A session
    /// keeps its staged bytes up to a multiple of `granularity` (a chunk cut short is sent again). Throws,
    /// naming the file, when a record cannot be read or its blob is missing or of another size.
    func load(granularity: Int64) throws(DataDirectoryError) -> Contents {
        removeTrash()
        for records in ["buckets", "objects", "sessions", "resources"] {
            for name in FileSystem.names(in: folder(records)) where name.hasSuffix(".tmp") {
                FileSystem.remove(folder(records) + "/" + name)
            }
        }
        var contents = Contents()
        for file in FileSystem.names(in: folder("buckets")).sorted() where file.hasSuffix(".json") {
            let relative = "buckets/" + file
            guard let data = FileManager.default.contents(atPath: folder("buckets") + "/" + file) else {
                throw DataDirectoryError(path, relative, "cannot be read")
            }
            let record = try RecordJSON(data, file: path + "/" + relative)
            contents.buckets.append(
                BucketResource(name: try record.string("name"), timeCreated: try record.date("timeCreated")))
        }
        var current: [ObjectKeyPair: Int] = [:]
        var named: Set<String> = []
        for file in FileSystem.names(in: folder("objects")).sorted() where file.hasSuffix(".json") {
            let id = String(file.dropLast(5))
            let relative = "objects/" + file
            guard let data = FileManager.default.contents(atPath: folder("objects") + "/" + file) else {
                throw DataDirectoryError(path, relative, "cannot be read")
            }
            let record = try ObjectRecord(
                data, file: path + "/" + relative, blob: id, at: blobPath(id), size: FileSystem.size(of: blobPath(id)))
            let key = ObjectKeyPair(bucket: record.bucket, name: record.object.name)
            if let earlier = current[key] {
                // A crash between publishing a new generation and removing the old one leaves both.
                let (kept, dropped) =
                    contents.objects[earlier].object.generation > record.object.generation
                    ? (contents.objects[earlier], record) : (record, contents.objects[earlier])
                contents.objects[earlier] = kept
                remove(dropped)
                named.remove(dropped.id)
                named.insert(kept.id)
            } else {
                current[key] = contents.objects.count
                contents.objects.append(record)
                named.insert(id)
            }
        }
        for blob in FileSystem.names(in: folder("blobs")) where !named.contains(blob) {
            FileSystem.remove(blobPath(blob))
        }
        var sessions: Set<String> = []
        for file in FileSystem.names(in: folder("sessions")).sorted() where file.hasSuffix(".json") {
            let id = String(file.dropLast(5))
            let relative = "sessions/" + file
            guard let data = FileManager.default.contents(atPath: folder("sessions") + "/" + file) else {
                throw DataDirectoryError(path, relative, "cannot be read")
            }
            let record = try SessionRecord(data, id: id, file: path + "/" + relative)
            contents.sessions.append(try restore(record, granularity: granularity))
            sessions.insert(id)
        }
        for file in FileSystem.names(in: folder("staging")) where !sessions.contains(file) {
            FileSystem.remove(stagingPath(file))
        }
        contents.sidecars = try loadSidecars()
        return contents
    }

    private func restore(_ record: SessionRecord, granularity: Int64) throws(DataDirectoryError) -> RestoredSession {
        let path = stagingPath(record.id)
        let held = FileSystem.size(of: path) ?? 0
        var kept = held - held % max(1, granularity)
        if let declared = record.start.size { kept = min(kept, declared) }
        do throws(BackendError) {
            return RestoredSession(record: record, staging: try FileStaging(path: path, directory: self, keeping: kept))
        } catch {
            throw DataDirectoryError(self.path, "staging/\(record.id)", error.message)
        }
    }

    // MARK: Writing

    /// A new, empty staging file for an upload.
    func staging(for id: String) throws(BackendError) -> FileStaging {
        try FileStaging(path: stagingPath(id), directory: self)
    }

    /// Moves synced staged bytes into `blobs/` under a new id, durably.
    func publishBlob(from staged: String, size: Int64) throws(BackendError) -> BlobFile {
        let id = Identifiers.randomUUID()
        do {
            try FileSystem.move(staged, to: blobPath(id))
            try FileSystem.syncFolder(folder("blobs"))
        } catch {
            throw Self.failed(error)
        }
        return BlobFile(id: id, path: blobPath(id), size: size)
    }

    /// Writes (or rewrites) an object's record durably: from then on the object exists after a restart.
    func write(_ record: ObjectRecord) throws(BackendError) {
        do {
            try FileSystem.publish(record.json, to: recordPath(record.id), folder: folder("objects"))
        } catch {
            throw Self.failed(error)
        }
    }

    /// Removes an object: its record durably, then its bytes (a reader that has them open goes on reading).
    func remove(_ record: ObjectRecord) {
        FileSystem.remove(recordPath(record.id))
        try? FileSystem.syncFolder(folder("objects"))
        FileSystem.remove(blobPath(record.id))
    }

    /// Removes the bytes of an object that was never recorded.
    func removeBlob(_ blob: BlobFile) {
        FileSystem.remove(blob.path)
    }

    /// Writes a bucket's record durably: from then on the bucket exists after a restart, empty or not.
    func write(_ bucket: BucketResource) throws(BackendError) {
        let json = JSONValue.object([
            .init("name", .string(bucket.name)),
            .init("timeCreated", .string(StorageDateFormat.string(from: bucket.timeCreated))),
        ])
        do {
            try FileSystem.publish(json.data, to: bucketPath(bucket.name), folder: folder("buckets"))
        } catch {
            throw Self.failed(error)
        }
    }

    /// Removes a bucket's record durably.
    func removeBucket(_ name: String) {
        FileSystem.remove(bucketPath(name))
        try? FileSystem.syncFolder(folder("buckets"))
    }

    /// Notes an upload's start, so the session outlives a restart.
    func write(_ session: SessionRecord) throws(BackendError) {
        do {
            try FileSystem.publish(session.json, to: sessionPath(session.id), folder: folder("sessions"))
        } catch {
            throw Self.failed(error)
        }
    }

    /// Forgets an upload session and whatever bytes it still stages.
    func removeSession(_ id: String) {
        FileSystem.remove(sessionPath(id))
        FileSystem.remove(stagingPath(id))
    }

    /// Removes every bucket, object and session: the records go first, in one rename each folder, so a crash midway
    /// leaves each kind of record whole or gone.
    func clear() throws(BackendError) {
        let manager = FileManager.default
        for name in ["buckets", "objects", "sessions", "resources"] {
            let trash = path + "/.trash-" + Identifiers.randomUUID()
            do {
                try FileSystem.move(folder(name), to: trash)
                try manager.createDirectory(atPath: folder(name), withIntermediateDirectories: true)
                try FileSystem.syncFolder(path)
            } catch {
                throw Self.failed(error)
            }
            try? manager.removeItem(atPath: trash)
        }
        for name in ["blobs", "staging"] {
            for file in FileSystem.names(in: folder(name)) { FileSystem.remove(folder(name) + "/" + file) }
        }
    }

    /// Removes the trash a `clear` interrupted by a crash left behind.
    private func removeTrash() {
        for name in FileSystem.names(in: path) where name.hasPrefix(".trash-") {
            try? FileManager.default.removeItem(atPath: path + "/" + name)
        }
    }

    // MARK: Paths

    func folder(_ name: String) -> String { path + "/" + name }
    private func recordPath(_ id: String) -> String { path + "/objects/" + id + ".json" }
    /// The bucket's name escaped as a file name, or its SHA-256 when that would be too long for one.
    private func bucketPath(_ name: String) -> String {
        let escaped = GCSEscaping.escape(name)
        let file = escaped.utf8.count <= 200 ? escaped : SHA256.hex(of: Data(name.utf8))
        return path + "/buckets/" + file + ".json"
    }
    private func blobPath(_ id: String) -> String { path + "/blobs/" + id }
    private func sessionPath(_ id: String) -> String { path + "/sessions/" + id + ".json" }
    private func stagingPath(_ id: String) -> String { path + "/staging/" + id }

    /// A failure to write the directory, as the request that caused it sees it.
    static func failed(_ error: any Error) -> BackendError {
        if let failure = error as? FileSystem.Failure, failure.isOutOfDescriptors {
            return BackendError(status: 503, "The server has too many files open; try again shortly (\(failure)).")
        }
        return BackendError(status: 500, "The data directory could not be written: \(error).")
    }
}

/// A bucket and an object name: the key of one live object across buckets.
private struct ObjectKeyPair: Hashable {
    var bucket: String
    var name: String
}
