import Foundation
import StorageAPI

/// The Firebase emulator's storage export folder (`EmulatorExportLayout`, docs/emulator-export.md), read
/// into the reference service and written from it: `serve --import` and `serve --export-on-exit`.
public enum EmulatorExport {
    /// Loads an export folder into a service that is not serving yet. Everything is read and checked first
    /// (`EmulatorExportReader`), then stored with its generation, metageneration, times and download tokens;
    /// the checksums the service computes must equal the export's, or the service is emptied and the import
    /// refused. Returns how many objects were stored, in how many buckets.
    public static func load(from folder: URL, into service: ReferenceBackend) throws(EmulatorExportError) -> (
        objects: Int, buckets: Int
    ) {
        let objects = try EmulatorExportReader(folder: folder).read()
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
        return (objects.count, Set(objects.map(\.entry.resource.bucket)).count)
    }

    /// Writes every object of `service` to `folder` in the emulator's layout (`EmulatorExportWriter`).
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
        try EmulatorExportWriter(folder: folder, version: version).write(objects)
        return objects.count
    }
}
