import Foundation
import StorageAPI

/// The Firebase emulator's storage export folder (`EmulatorExportLayout`, docs/emulator-export.md), read
/// into the reference service and written from it: `serve --import` and `serve --export-on-exit`.
public enum EmulatorExport {
    /// Loads an export folder into a service that is not serving yet. Everything is read and checked first
    /// (`EmulatorExportReader`), then stored with its generation, metageneration, times and download tokens;
    /// the checksums the service computes must equal the export's, or the service is emptied and the import
    /// refused. Every bucket `buckets.json` lists is made, as the emulator makes them, and `serve`'s sidecar records
    /// are stored last. Returns how many objects were stored, and how many buckets were listed.
    public static func load(from folder: URL, into service: ReferenceBackend) throws(EmulatorExportError) -> (
        objects: Int, buckets: Int
    ) {
        let contents = try EmulatorExportReader(folder: folder).read()
        let objects = contents.objects
        for bucket in contents.buckets where (try? service.bucket(bucket)) == nil {
            do {
                try service.createBucket(bucket)
            } catch {
                service.reset()
                throw EmulatorExportError(file: "gs://\(bucket)", problem: "cannot be made: \(error)")
            }
        }
        for (entry, data) in objects {
            let described = entry.resource
            let stored: ObjectResource
            do {
                stored = try service.seed(
                    bucket: described.bucket, name: described.name, data: data, metadata: entry.metadata,
                    stamps: entry.stamps)
            } catch {
                service.reset()
                throw EmulatorExportError(
                    file: "gs://\(described.bucket)/\(described.name)", problem: "cannot be stored: \(error)")
            }
            guard stored.md5Hash == described.md5Hash, stored.crc32c == described.crc32c else {
                service.reset()
                let crc32c = ObjectFieldStyle.emulatorExport.json(.crc32c, of: described)?.stringValue ?? ""
                throw EmulatorExportError(
                    file: "gs://\(described.bucket)/\(described.name)",
                    problem:
                        "its bytes do not match its checksums (md5Hash \(described.md5Hash), crc32c \(crc32c)): the blob is corrupt"
                )
            }
        }
        for (key, record) in contents.sidecars {
            do {
                try service.setSidecar(key, record)
            } catch {
                service.reset()
                throw EmulatorExportError(file: "the record \(key.name)", problem: "cannot be stored: \(error)")
            }
        }
        return (objects.count, contents.buckets.count)
    }

    /// Writes every bucket and object of `service`, and its sidecar records, to `folder` in the emulator's layout
    /// (`EmulatorExportWriter`).
    /// Returns how many objects were written.
    @discardableResult
    public static func write(_ service: ReferenceBackend, to folder: URL, version: String) throws(EmulatorExportError)
        -> Int
    {
        let objects: [(resource: ObjectResource, bytes: ObjectRead)]
        do {
            objects = try service.storedObjects()
        } catch {
            throw EmulatorExportError(file: folder.path, problem: "the objects cannot be read: \(error)")
        }
        try EmulatorExportWriter(folder: folder, version: version).write(
            objects, buckets: service.buckets().map(\.name), sidecars: service.allSidecars())
        return objects.count
    }
}
