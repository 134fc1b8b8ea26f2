import Foundation
import Primitives
import ReferenceService
import StorageAPI
import Testing

/// A service on a data directory: what it stores outlives it, and what a crash leaves half done is cleaned up.
@Suite struct DataDirectoryTests {
    @Test func objectsOutliveTheServiceWithTheirMetadataGenerationsAndBytes() throws {
        let folder = try ScratchDataDirectory()
        var service = try folder.open()
        let names = ["a//b", "dir/", "été/ñ +%.txt", "plain"]
        for (index, name) in names.enumerated() {
            var metadata = ObjectMetadataFields(contentType: "text/x-\(index)", customMetadata: ["k": "v\(index)"])
            metadata.cacheControl = index.isMultiple(of: 2) ? "no-cache" : nil
            try Fixtures.upload(service, name, Data(repeating: UInt8(index), count: index * 1000), metadata: metadata)
        }
        try Fixtures.upload(service, "plain", Data("replaced".utf8))
        try service.deleteObject(Fixtures.address("a//b"))
        let removed: String? = nil
        let patch = MetadataPatch(fields: [.contentDisposition: removed], customMetadata: ["k": removed, "n": "1"])
        _ = try service.updateMetadata(Fixtures.address("dir/"), patch: patch)
        let before = try ScratchDataDirectory.contents(of: service)
        service = ReferenceBackend()  // releases the directory's lock
        service = try folder.open()
        let after = try ScratchDataDirectory.contents(of: service)
        #expect(Set(after.keys) == ["bucket/dir/", "bucket/été/ñ +%.txt", "bucket/plain"])
        for (key, (resource, bytes)) in before {
            #expect(after[key]?.0 == resource, "\(key)")
            #expect(after[key]?.1 == bytes, "\(key)")
        }
        #expect(after["bucket/dir/"]?.0.contentDisposition == nil)
        #expect(after["bucket/plain"]?.1 == Data("replaced".utf8))
        let newer = try Fixtures.upload(service, "new", Data("n".utf8))
        #expect(after.values.allSatisfy { newer.generation > $0.0.generation })
        #expect(folder.names(in: "blobs").count == 4)
    }

    @Test func anOpenUploadSessionOutlivesTheServiceAndFinishesAfterIt() throws {
        let folder = try ScratchDataDirectory()
        var service = try folder.open()
        let session = try service.startUpload(
            UploadStart(object: Fixtures.address("resumed.bin"), metadata: ObjectMetadataFields(contentType: "a/b")))
        _ = try service.uploadChunk(session: session.id, offset: 0, data: Data("abcdefgh".utf8), finalize: false)
        service = ReferenceBackend()
        service = try folder.open()
        #expect(try service.queryUpload(session: session.id).receivedBytes == 8)
        let status = try service.uploadChunk(session: session.id, offset: 8, data: Data("ij".utf8), finalize: true)
        let resource = try #require(status.resource)
        #expect(try Fixtures.read(service, "resumed.bin") == Data("abcdefghij".utf8))
        #expect(resource.md5Hash == Base64.encode(MD5.digest(of: Data("abcdefghij".utf8))))
        #expect(resource.contentType == "a/b")
        #expect(folder.names(in: "sessions").isEmpty && folder.names(in: "staging").isEmpty)
    }

    @Test func aChunkThatFailsMidwayLeavesTheSessionAsItWas() throws {
        let folder = try ScratchDataDirectory()
        for service in [ReferenceBackend(granularity: 4), try folder.open()] {
            let session = try service.startUpload(UploadStart(object: Fixtures.address("cut.bin")))
            _ = try service.uploadChunk(session: session.id, offset: 0, data: Data("abcd".utf8), finalize: false)
            let cut = FailingUploadBody(length: 8, prefix: Data("efg".utf8))
            #expect(throws: BackendError(status: 408, "the sender went away")) {
                try service.uploadChunk(session: session.id, offset: 4, body: cut, finalize: true)
            }
            #expect(try service.queryUpload(session: session.id).receivedBytes == 4)
            _ = try service.uploadChunk(session: session.id, offset: 4, data: Data("efgh".utf8), finalize: true)
            #expect(try Fixtures.read(service, "cut.bin") == Data("abcdefgh".utf8))
        }
    }

    /// Chunks large enough to be hashed in the background, one of them failing after more than a block: the
    /// checksums cover exactly the bytes committed, in memory and on disk.
    @Test func checksumsCoverExactlyTheCommittedBytesAcrossChunks() throws {
        let folder = try ScratchDataDirectory()
        let block = 256 * 1024
        let data = Data((0..<(3 * block + 1234)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 11) })
        for service in [ReferenceBackend(granularity: Int64(block)), try folder.open(granularity: Int64(block))] {
            let session = try service.startUpload(UploadStart(object: Fixtures.address("hashed.bin")))
            _ = try service.uploadChunk(session: session.id, offset: 0, data: data[..<block], finalize: false)
            _ = try service.uploadChunk(
                session: session.id, offset: Int64(block), data: data[block..<(2 * block)], finalize: false)
            let cut = FailingUploadBody(length: Int64(2 * block), prefix: Data(repeating: 0xEE, count: block * 3 / 2))
            #expect(throws: BackendError.self) {
                try service.uploadChunk(session: session.id, offset: Int64(2 * block), body: cut, finalize: false)
            }
            let status = try service.uploadChunk(
                session: session.id, offset: Int64(2 * block), data: data[(2 * block)...], finalize: true)
            let resource = try #require(status.resource)
            #expect(resource.md5Hash == Base64.encode(MD5.digest(of: data)))
            #expect(resource.crc32c == CRC32C.base64(CRC32C.checksum(of: data)))
            #expect(try Fixtures.read(service, "hashed.bin") == data)
        }
    }

    /// A small chunk is hashed as it arrives, the large ones after it in the background (one of them failing):
    /// the MD5 goes on from the small chunk's, and falls back to it.
    @Test func checksumsGoOnFromSmallChunksToLargeOnes() throws {
        let folder = try ScratchDataDirectory()
        let block = 256 * 1024
        let data = Data((0..<(1024 + 2 * block + 77)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        for service in [ReferenceBackend(granularity: 1024), try folder.open(granularity: 1024)] {
            let session = try service.startUpload(UploadStart(object: Fixtures.address("small-then-large.bin")))
            _ = try service.uploadChunk(session: session.id, offset: 0, data: data[..<1024], finalize: false)
            let cut = FailingUploadBody(length: Int64(2 * block), prefix: Data(repeating: 7, count: block * 3 / 2))
            #expect(throws: BackendError.self) {
                try service.uploadChunk(session: session.id, offset: 1024, body: cut, finalize: false)
            }
            let status = try service.uploadChunk(session: session.id, offset: 1024, data: data[1024...], finalize: true)
            #expect(status.resource?.md5Hash == Base64.encode(MD5.digest(of: data)))
            #expect(status.resource?.crc32c == CRC32C.base64(CRC32C.checksum(of: data)))
            #expect(try Fixtures.read(service, "small-then-large.bin") == data)
        }
    }

    /// After a streamed chunk fails, chunks of bytes at hand and streamed ones follow one another without loss.
    @Test func chunksAfterAFailedOneKeepEveryByte() throws {
        let folder = try ScratchDataDirectory()
        let block = 256 * 1024
        let data = Data((0..<(2 * block + 99)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 10) })
        for service in [ReferenceBackend(granularity: Int64(block)), try folder.open(granularity: Int64(block))] {
            let session = try service.startUpload(UploadStart(object: Fixtures.address("mixed.bin")))
            let cut = FailingUploadBody(length: Int64(2 * block), prefix: Data(repeating: 1, count: block * 3 / 2))
            #expect(throws: BackendError.self) {
                try service.uploadChunk(session: session.id, offset: 0, body: cut, finalize: false)
            }
            _ = try service.uploadChunk(session: session.id, offset: 0, data: data[..<block], finalize: false)
            let streamed = SkippingUploadBody(DataUploadBody(data[block...]), skipping: 0)
            let status = try service.uploadChunk(
                session: session.id, offset: Int64(block), body: streamed, finalize: true)
            #expect(status.resource?.md5Hash == Base64.encode(MD5.digest(of: data)))
            #expect(try Fixtures.read(service, "mixed.bin") == data)
        }
    }

    /// A resent chunk whose start the service holds streams the rest (a body whose length is the bytes after
    /// the skipped ones), in memory and on disk.
    @Test func aResentStreamedChunkKeepsEveryByteAfterWhatIsHeld() throws {
        let folder = try ScratchDataDirectory()
        let data = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 9) })
        for service in [ReferenceBackend(granularity: 1024), try folder.open(granularity: 1024)] {
            let session = try service.startUpload(UploadStart(object: Fixtures.address("resent.bin")))
            _ = try service.uploadChunk(session: session.id, offset: 0, data: data[..<1024], finalize: false)
            let streamed = SkippingUploadBody(DataUploadBody(data), skipping: 0)
            let status = try service.uploadChunk(
                session: session.id, offset: 1024, body: SkippingUploadBody(streamed, skipping: 1024), finalize: true)
            #expect(status.resource?.md5Hash == Base64.encode(MD5.digest(of: data)))
            #expect(try Fixtures.read(service, "resent.bin") == data)
        }
    }

    @Test func whatACrashLeftHalfDoneIsRemovedWhenTheDirectoryOpens() throws {
        let folder = try ScratchDataDirectory()
        var service = try folder.open()
        try Fixtures.upload(service, "kept", Data("new".utf8))
        let session = try service.startUpload(UploadStart(object: Fixtures.address("open")))
        _ = try service.uploadChunk(session: session.id, offset: 0, data: Data("abcd".utf8), finalize: false)
        service = ReferenceBackend()
        let record = try #require(folder.names(in: "objects").first)
        let id = String(record.dropLast(".json".count))
        // An older generation of the same object, as a crash between publishing and removing leaves it.
        let text = try String(contentsOfFile: folder.path + "/objects/" + record, encoding: .utf8)
        let generation = try #require(text.firstMatch(of: /"generation":"([0-9]+)"/)?.1)
        try folder.write(
            text.replacingOccurrences(of: "\"generation\":\"\(generation)\"", with: "\"generation\":\"1\""),
            to: "objects/old.json")
        try folder.write("old", to: "blobs/old")
        try folder.write("orphan", to: "blobs/orphan")
        try folder.write("{", to: "objects/half.json.tmp")
        try folder.write("one-shot bytes", to: "staging/one-shot")
        try folder.write("abcdef", to: "staging/\(session.id)")  // a chunk cut short after "abcd"
        try FileManager.default.createDirectory(
            atPath: folder.path + "/.trash-x/objects", withIntermediateDirectories: true)
        service = try folder.open()
        #expect(folder.names(in: "objects") == [record])
        #expect(folder.names(in: "blobs") == [id])
        #expect(folder.names(in: "staging") == [session.id])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.trash-x"))
        #expect(try Fixtures.read(service, "kept") == Data("new".utf8))
        #expect(try service.queryUpload(session: session.id).receivedBytes == 4)
    }

    @Test(arguments: [
        ("objects/x.json", "{", "objects/x.json: not valid JSON"),
        ("objects/x.json", #"{"bucket":"b"}"#, #"objects/x.json: its bytes, blobs/x, are missing"#),
        ("sessions/s.json", #"{"bucket":"b","name":7}"#, #"sessions/s.json: "name" must be a string"#),
    ])
    func aDamagedRecordStopsTheOpeningNamingTheFile(_ file: String, _ text: String, _ message: String) throws {
        let folder = try ScratchDataDirectory()
        _ = try folder.open()
        try folder.write(text, to: file)
        #expect { try folder.open() } throws: { error in
            (error as? DataDirectoryError)?.description.contains(folder.path + "/" + message) == true
        }
    }

    @Test func aRecordWhoseBlobHasAnotherSizeStopsTheOpening() throws {
        let folder = try ScratchDataDirectory()
        try Fixtures.upload(try folder.open(), "x", Data("12345".utf8))
        let blob = try #require(folder.names(in: "blobs").first)
        try folder.write("123", to: "blobs/" + blob)
        #expect { try folder.open() } throws: { error in
            (error as? DataDirectoryError)?.description.contains("the object has 5 bytes, but its blob") == true
        }
    }

    @Test func oneProcessUsesADirectoryAtATimeAndOnlyADataDirectory() throws {
        let folder = try ScratchDataDirectory()
        let first = try DataDirectory.open(folder.path)
        #expect { try DataDirectory.open(folder.path) } throws: { error in
            (error as? DataDirectoryError)?.description.hasSuffix(
                "in use by another process (it holds the folder's lock)")
                == true
        }
        withExtendedLifetime(first) {}
        let other = try ScratchDataDirectory()
        try FileManager.default.createDirectory(atPath: other.path, withIntermediateDirectories: true)
        try other.write("mine", to: "notes.txt")
        #expect { try DataDirectory.open(other.path) } throws: { error in
            (error as? DataDirectoryError)?.description.contains("not a data directory") == true
        }
    }

    @Test func aResetEmptiesTheDirectory() throws {
        let folder = try ScratchDataDirectory()
        var service = try folder.open()
        try Fixtures.upload(service, "x")
        _ = try service.startUpload(UploadStart(object: Fixtures.address("y")))
        service.reset()
        service = ReferenceBackend()
        service = try folder.open()
        #expect(try service.storedObjects().isEmpty)
        for name in ["objects", "blobs", "sessions", "staging"] { #expect(folder.names(in: name).isEmpty, "\(name)") }
    }

    /// A read opened before the object is replaced or deleted keeps reading the bytes it opened.
    /// A blob read once keeps its file open for the next reads (so they need no `open`, as a read after the file
    /// is gone from the folder shows), for a bounded number of blobs at a time.
    @Test func readBlobsKeepTheirFilesOpenUpToALimit() throws {
        let folder = try ScratchDataDirectory()
        let service = try folder.open()
        let count = 300
        for index in 0..<count { try Fixtures.upload(service, "o\(index)", Data("bytes \(index)".utf8)) }
        for index in 0..<count { #expect(try Fixtures.read(service, "o\(index)") == Data("bytes \(index)".utf8)) }
        for blob in folder.names(in: "blobs") {
            try FileManager.default.removeItem(atPath: folder.path + "/blobs/" + blob)
        }
        let stillRead = (0..<count).filter { (try? Fixtures.read(service, "o\($0)")) == Data("bytes \($0)".utf8) }
        #expect(stillRead.first == 0)
        #expect(stillRead.count <= 256)
    }

    @Test func aReadKeepsItsBytesWhenTheObjectIsReplacedMeanwhile() throws {
        let folder = try ScratchDataDirectory()
        let service = try folder.open()
        try Fixtures.upload(service, "x", Data("first".utf8))
        let read = try service.readObject(ReadRequest(object: Fixtures.address("x"), offset: 1))
        #expect(read.file != nil && read.data.isEmpty)
        try Fixtures.upload(service, "x", Data("second".utf8))
        try service.deleteObject(Fixtures.address("x"))
        #expect(try read.contents() == Data("irst".utf8))
        #expect(folder.names(in: "blobs").isEmpty)
    }
}
