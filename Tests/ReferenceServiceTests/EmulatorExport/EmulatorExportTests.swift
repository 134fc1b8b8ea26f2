import Foundation
import Primitives
import ReferenceService
import StorageAPI
import TestSupport
import Testing

/// `serve --import` and `--export-on-exit`: the Firebase emulator's export layout, read and written.
@Suite struct EmulatorExportTests {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/emulator-export")

    private func scratch() throws -> URL {
        let folder = ScratchRoot.path("export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func copyOfFixture() throws -> URL {
        let copy = try scratch().appendingPathComponent("export")
        try FileManager.default.copyItem(at: Self.fixture, to: copy)
        return copy
    }

    private func object(_ service: ReferenceBackend, _ name: String) throws -> (ObjectResource, Data) {
        let address = ObjectAddress(bucket: "demo-project.appspot.com", name: name)
        let read = try service.readObject(ReadRequest(object: address))
        return (try service.getMetadata(address), read.data)
    }

    @Test func anExportInTheEmulatorsLayoutIsServedAsItWasStored() throws {
        let service = ReferenceBackend()
        let loaded = try EmulatorExport.load(from: Self.fixture, into: service)
        #expect(loaded.objects == 4 && loaded.buckets == 2)
        let (photo, bytes) = try object(service, "photos/beach 1.jpg")
        #expect(bytes == Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(" not really a jpeg".utf8))
        #expect(photo.contentType == "image/jpeg" && photo.cacheControl == "public, max-age=3600")
        #expect(photo.customMetadata == ["album": "summer", "rating": "5"])
        #expect(photo.downloadTokens == ["2b9f1c52-7f4e-4d0b-a2b5-6d2f1f0c3e11"])
        #expect(photo.generation == 1_732_550_400_123 && photo.metageneration == 2)
        #expect(StorageDateFormat.string(from: photo.timeCreated) == "2024-11-25T16:00:00.123Z")
        #expect(StorageDateFormat.string(from: photo.updated) == "2024-11-25T16:00:10.456Z")
        let (odd, _) = try object(service, "notes/été +%.txt")
        #expect(odd.contentLanguage == "fr" && odd.contentDisposition == "attachment")
        #expect(odd.customMetadata == ["clé": "valeur"])
        #expect(try object(service, "a//b").0.downloadTokens == ["tok-a", "tok-b"])
        #expect(try object(service, "dir/").0.size == 0)
    }

    @Test func anExportImportsBackWithEverythingItHad() throws {
        let service = ReferenceBackend()
        let names = ["a//b", "dir/", "été/ñ.txt", "100%+sure file", "x"]
        for (index, name) in names.enumerated() {
            var metadata = ObjectMetadataFields(contentType: "text/x-\(index)")
            metadata.customMetadata = ["k\(index)": "v \(index)"]
            metadata.contentLanguage = index.isMultiple(of: 2) ? "de" : nil
            try service.seed(
                bucket: index < 3 ? "one" : "two", name: name, data: Data(repeating: UInt8(index), count: index * 1000),
                metadata: metadata, stamps: FixedStamps(downloadTokens: ["t\(index)", "u\(index)"]))
        }
        _ = try service.updateMetadata(
            ObjectAddress(bucket: "one", name: "a//b"), patch: MetadataPatch(fields: [.cacheControl: "no-cache"]))
        let folder = try scratch()
        #expect(try EmulatorExport.write(service, to: folder, version: "9.9.9") == names.count)
        let copy = ReferenceBackend()
        _ = try EmulatorExport.load(from: folder, into: copy)
        let before = try service.storedObjects()
        let after = try copy.storedObjects()
        #expect(after.map(\.resource) == before.map(\.resource))
        #expect(try after.map { try $0.bytes.contents() } == before.map { try $0.bytes.contents() })
    }

    /// Objects kept on disk (`serve --data-dir`) are copied from their files into the export.
    @Test func anExportOfObjectsOnDiskCopiesTheirFiles() throws {
        let service = try ReferenceBackend(directory: DataDirectory.open(try scratch().path))
        let big = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        try service.seed(bucket: "bkt", name: "big.bin", data: big, metadata: ObjectMetadataFields(contentType: "x/y"))
        try service.seed(bucket: "bkt", name: "empty", data: Data())
        let folder = try scratch()
        #expect(try EmulatorExport.write(service, to: folder, version: "1.0.0") == 2)
        let copy = ReferenceBackend()
        _ = try EmulatorExport.load(from: folder, into: copy)
        #expect(try copy.storedObjects().map(\.resource) == service.storedObjects().map(\.resource))
        let bytes = try copy.storedObjects().map { try $0.bytes.contents() }
        let same = bytes == [big, Data()]  // a Bool: the test library would diff 3 MiB byte by byte
        #expect(same)
    }

    @Test func anExportKeepsTheOtherEmulatorsEntriesAndReplacesTheOldStorageExport() throws {
        let folder = try copyOfFixture()
        let service = ReferenceBackend()
        try service.seed(bucket: "bkt", name: "only", data: Data("one".utf8))
        try EmulatorExport.write(service, to: folder, version: "1.2.3")
        let metadata =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("firebase-export-metadata.json")))
            as? [String: Any]
        #expect(metadata?["version"] as? String == "13.29.1")
        #expect((metadata?["firestore"] as? [String: Any])?["path"] as? String == "firestore_export")
        #expect((metadata?["storage"] as? [String: Any])?["version"] as? String == "1.2.3")
        let reloaded = ReferenceBackend()
        #expect(try EmulatorExport.load(from: folder, into: reloaded).objects == 1)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// Each breaks one thing in a copy of the fixture; the import names the file and stores nothing.
    @Test(arguments: [
        ("storage_export/buckets.json", "{\"buckets\": 3}", "buckets.json: expected {\"buckets\""),
        (
            "storage_export/metadata/0b6c3a2e-4a39-4a8e-9b1e-2f7c58a1d002.json", "{\"name\": ",
            "d002.json: not valid JSON"
        ),
        (
            "storage_export/metadata/0b6c3a2e-4a39-4a8e-9b1e-2f7c58a1d002.json",
            "{\"name\": \"a\", \"bucket\": \"nowhere\", \"size\": 1, \"md5Hash\": \"x\", \"crc32c\": \"1\"}",
            "bucket \"nowhere\" is not in buckets.json"
        ),
        (
            "storage_export/metadata/0b6c3a2e-4a39-4a8e-9b1e-2f7c58a1d002.json",
            "{\"name\": \"a\", \"bucket\": \"demo-project.appspot.com\", \"size\": \"big\", \"md5Hash\": \"x\", \"crc32c\": \"1\"}",
            "size: expected an integer, found a string"
        ),
        ("storage_export/blobs/0b6c3a2e-4a39-4a8e-9b1e-2f7c58a1d001", "short", "holds 5 bytes, but"),
        ("storage_export/blobs/0b6c3a2e-4a39-4a8e-9b1e-2f7c58a1d002", "double slasH", "the blob is corrupt"),
        ("storage_export/metadata/notes.txt", "hello", "notes.txt: not a metadata file"),
        ("storage_export/metadata/0b6c3a2e-4a39-4a8e-9b1e-2f7c58a1d009.json", "{}", "d009.json: name: missing"),
        ("firebase-export-metadata.json", "{\"version\": \"1\"}", "the export holds no storage data"),
    ])
    func aBrokenExportIsRefusedWholeNamingTheFile(_ path: String, _ content: String, _ message: String) throws {
        let folder = try copyOfFixture()
        try Data(content.utf8).write(to: folder.appendingPathComponent(path))
        let service = ReferenceBackend()
        do {
            _ = try EmulatorExport.load(from: folder, into: service)
            Issue.record("a broken export was imported")
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
        #expect(try service.storedObjects().isEmpty, "part of a refused export was stored")
    }

    @Test func aMissingBlobAndADuplicateObjectAreRefused() throws {
        let folder = try copyOfFixture()
        let blobs = folder.appendingPathComponent("storage_export/blobs")
        try FileManager.default.removeItem(at: blobs.appendingPathComponent("0b6c3a2e-4a39-4a8e-9b1e-2f7c58a1d004"))
        #expect(throws: EmulatorExportError.self) { try EmulatorExport.load(from: folder, into: ReferenceBackend()) }
        let again = try copyOfFixture()
        let metadata = again.appendingPathComponent("storage_export/metadata")
        try FileManager.default.copyItem(
            at: metadata.appendingPathComponent("0b6c3a2e-4a39-4a8e-9b1e-2f7c58a1d002.json"),
            to: metadata.appendingPathComponent("copy.json"))
        try FileManager.default.copyItem(
            at: again.appendingPathComponent("storage_export/blobs/0b6c3a2e-4a39-4a8e-9b1e-2f7c58a1d002"),
            to: again.appendingPathComponent("storage_export/blobs/copy"))
        do {
            _ = try EmulatorExport.load(from: again, into: ReferenceBackend())
            Issue.record("two files for one object were accepted")
        } catch {
            #expect(error.problem.contains("gs://demo-project.appspot.com/a//b is also described by"), "\(error)")
        }
    }
}
