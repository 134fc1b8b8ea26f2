import Foundation
import ReferenceService
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `serve --import` reads only inside its folder and takes only what an upload could have made: names that
/// leave the folder, links and special files are refused without telling anything of what lies outside, and
/// object names, buckets and metadata are held to the upload rules (issue 25, points 5 and 7).
@Suite struct ImportConfinementTests {
    /// `ROOT/a/export`, an export of one object `o` in bucket `bkt` holding `bytes`, with `ROOT/a/secret.txt`
    /// beside it (outside the export) holding the same bytes.
    private struct Layout {
        let root: URL
        let export: URL
        let metadata: URL
        let blob: URL
        let secret: URL
    }

    private func layout(_ bytes: Data = Data("a secret of 27 bytes, or so".utf8)) throws -> Layout {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        let export = root.appendingPathComponent("a/export")
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        let secret = root.appendingPathComponent("a/secret.txt")
        try bytes.write(to: secret)
        let service = ReferenceBackend()
        try service.seed(bucket: "bkt", name: "o", data: bytes)
        try EmulatorExport.write(service, to: export, version: "1")
        let storage = export.appendingPathComponent("storage_export")
        let metadataName = try #require(
            try FileManager.default.contentsOfDirectory(atPath: storage.appendingPathComponent("metadata").path).first)
        return Layout(
            root: root, export: export, metadata: storage.appendingPathComponent("metadata/\(metadataName)"),
            blob: storage.appendingPathComponent("blobs/\(metadataName.dropLast(".json".count))"), secret: secret)
    }

    /// The import's refusal; records an issue when the folder was imported.
    private func refusal(_ folder: URL) -> EmulatorExportError? {
        let service = ReferenceBackend()
        do {
            _ = try EmulatorExport.load(from: folder, into: service)
            Issue.record("the export was imported: \((try? service.storedObjects().map(\.resource.name)) ?? [])")
            return nil
        } catch {
            #expect((try? service.storedObjects().isEmpty) == true)
            return error
        }
    }

    @Test func aMetadataNameThatDecodesOutsideTheFolderIsRefused() throws {
        let layout = try layout()
        try FileManager.default.removeItem(at: layout.blob)
        let escaping = layout.metadata.deletingLastPathComponent().appendingPathComponent(
            "x%2F..%2F..%2F..%2F..%2Fsecret.txt.json")
        try FileManager.default.moveItem(at: layout.metadata, to: escaping)
        let error = try #require(refusal(layout.export))
        #expect(error.file == escaping.path)
        #expect(error.problem.contains("not a path inside the export folder"), "\(error)")
    }

    @Test func aLinkUnderBlobsIsRefusedWithoutTellingTheSizeOfItsTarget() throws {
        let layout = try layout()
        let outside = layout.root.appendingPathComponent("a/big.bin")
        try Data(repeating: 1, count: 12_345).write(to: outside)
        try FileManager.default.removeItem(at: layout.blob)
        try FileManager.default.createSymbolicLink(at: layout.blob, withDestinationURL: outside)
        let error = try #require(refusal(layout.export))
        #expect(error.problem.contains("symbolic link"), "\(error)")
        #expect(!error.description.contains("12345") && !error.description.contains("big.bin"), "\(error)")
        // The same bytes behind a link: still refused.
        try FileManager.default.removeItem(at: layout.blob)
        try FileManager.default.createSymbolicLink(at: layout.blob, withDestinationURL: layout.secret)
        #expect(refusal(layout.export)?.problem.contains("symbolic link") == true)
    }

    @Test func linkedMetadataFilesAndFoldersAreRefused() throws {
        let layout = try layout()
        let outsideMetadata = layout.root.appendingPathComponent("a/outside.json")
        try FileManager.default.moveItem(at: layout.metadata, to: outsideMetadata)
        try FileManager.default.createSymbolicLink(at: layout.metadata, withDestinationURL: outsideMetadata)
        #expect(refusal(layout.export)?.problem.contains("symbolic link") == true)

        let other = try self.layout()
        let storage = other.export.appendingPathComponent("storage_export")
        let moved = other.root.appendingPathComponent("a/moved")
        try FileManager.default.moveItem(at: storage, to: moved)
        try FileManager.default.createSymbolicLink(at: storage, withDestinationURL: moved)
        #expect(refusal(other.export)?.problem.contains("symbolic link") == true)
    }

    @Test func aSpecialFileAsABlobIsRefusedWithoutReadingIt() throws {
        let layout = try layout()
        try FileManager.default.removeItem(at: layout.blob)
        #expect(mkfifo(layout.blob.path, 0o600) == 0)
        let error = try #require(refusal(layout.export))
        #expect(error.problem.contains("not a regular file"), "\(error)")
    }

    @Test(arguments: [
        ("name", "a\u{0}b", "NUL"), ("name", ".", "not a name Cloud Storage allows"),
        ("name", "..", "not a name Cloud Storage allows"), ("name", "a\r\nb", "carriage return or line feed"),
        ("name", String(repeating: "n", count: 5000), "5000 bytes"),
        ("contentType", "text/plain\r\nX: y", "contentType"),
    ])
    func namesAndMetadataAreHeldToTheUploadRules(_ field: String, _ value: String, _ message: String) throws {
        let layout = try layout()
        var entry = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: layout.metadata)) as? [String: Any])
        entry[field] = value
        try JSONSerialization.data(withJSONObject: entry).write(to: layout.metadata)
        let error = try #require(refusal(layout.export))
        #expect(error.file == layout.metadata.path)
        #expect(error.problem.contains(message), "\(error)")
    }

    @Test func aBucketNoUploadCouldNameIsRefused() throws {
        let layout = try layout()
        var entry = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: layout.metadata)) as? [String: Any])
        entry["bucket"] = "Bad Bucket!!"
        try JSONSerialization.data(withJSONObject: entry).write(to: layout.metadata)
        let buckets = layout.export.appendingPathComponent("storage_export/buckets.json")
        try Data(#"{"buckets": [{"id": "bkt"}, {"id": "Bad Bucket!!"}]}"#.utf8).write(to: buckets)
        let error = try #require(refusal(layout.export))
        #expect(error.file == buckets.path)
        #expect(error.problem.contains("Invalid bucket name \"Bad Bucket!!\""), "\(error)")
    }

    @Test(arguments: ["0", "-1", "4611686018427387904", "9223372036854775807", "18446744073709551616", "1e19"])
    func generationsAndSizesAtTheExtremesAreRefused(_ number: String) throws {
        for field in ["generation", "metageneration", "size"] {
            let layout = try layout()
            var text = try String(contentsOf: layout.metadata, encoding: .utf8)
            let range = try #require(text.range(of: "\"\(field)\" *: *[0-9]+", options: .regularExpression))
            text.replaceSubrange(range, with: "\"\(field)\": \(number)")
            try Data(text.utf8).write(to: layout.metadata)
            if number == "0" && field == "size" { continue }  // a size of 0 is read, and the blob's differs
            let error = try #require(refusal(layout.export))
            #expect(error.problem.contains(field), "\(error)")
        }
    }
}
