import Foundation
import Testing

/// Upload chunk sizes rounded to the service's granularity (docs/semantics.md §6.3).
@Suite struct UploadChunkSizeTests {
    /// The lengths of the chunks an upload of `size` bytes sends, with `requested` as the chunk size.
    static func chunkLengths(requested: Int64, granularity: Int64, size: Int) -> [Int] {
        let (storage, backend) = makeRecordedStorage(granularity: granularity)
        storage.uploadChunkSizeBytes = requested
        let task = storage.reference(withPath: "chunks").putData(bytes(size))
        task.wait()
        #expect(task.snapshot.status == .success)
        return backend.calls(.uploadChunk).compactMap { call in
            if case .uploadChunk(_, let length, _) = call { return length }
            return nil
        }
    }

    static let defaultGranularityCases: [(Int64, [Int])] = [
        (256_000, [262_144, 100]), (1, [262_144, 100]), (262_144, [262_144, 100]), (300_000, [262_144, 100]),
    ]

    @Test(arguments: defaultGranularityCases)
    func theDefaultGranularityRoundsTo256KiB(requested: Int64, lengths: [Int]) {
        #expect(Self.chunkLengths(requested: requested, granularity: 262_144, size: 262_244) == lengths)
    }

    static let emulatorGranularityCases: [(Int64, [Int])] = [
        (25_000, [20_000, 20_000, 5_000]), (1, [10_000, 10_000, 10_000, 10_000, 5_000]),
        (10_000, [10_000, 10_000, 10_000, 10_000, 5_000]), (19_999, [10_000, 10_000, 10_000, 10_000, 5_000]),
        (30_000, [30_000, 15_000]), (0, [10_000, 10_000, 10_000, 10_000, 5_000]),
        (-5, [10_000, 10_000, 10_000, 10_000, 5_000]),
    ]

    @Test(arguments: emulatorGranularityCases)
    func theEmulatorsGranularityGivesMultiplesOf10000(requested: Int64, lengths: [Int]) {
        #expect(Self.chunkLengths(requested: requested, granularity: 10_000, size: 45_000) == lengths)
    }

    @Test func withoutGranularityTheRequestedSizeIsUsed() {
        #expect(Self.chunkLengths(requested: 7, granularity: 1, size: 20) == [7, 7, 6])
    }

    @Test(arguments: [Int64.max, Int64.max - 1, 1 << 40])
    func aHugeChunkSizeSendsOneChunk(requested: Int64) {
        #expect(Self.chunkLengths(requested: requested, granularity: 1000, size: 2500) == [2500])
        #expect(Self.chunkLengths(requested: requested, granularity: 1, size: 2500) == [2500])
    }

    @Test func progressFollowsTheRoundedChunks() {
        let (storage, _) = makeStorage()
        storage.uploadChunkSizeBytes = 256_000
        let task = storage.reference(withPath: "p").putData(bytes(262_244))
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(262144)", "progress(262244)", "success"])
    }

    @Test func theChunkSizeIsTakenWhenTheTaskIsCreated() {
        let (storage, backend) = makeRecordedStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let task = storage.reference(withPath: "early").putData(bytes(3000))
        storage.uploadChunkSizeBytes = 3000
        task.wait()
        #expect(backend.calls(.uploadChunk).count == 3)
        #expect(storage.uploadChunkSizeBytes == 3000)
    }

    @Test func theStorageStartsWith256KiBChunks() {
        let (storage, _) = makeStorage()
        #expect(storage.uploadChunkSizeBytes == 262_144)
        #expect(storage.downloadChunkSizeBytes == 262_144)
    }

    @Test func theUploadAnnouncesItsSize() {
        let (storage, backend) = makeRecordedStorage()
        storage.reference(withPath: "sized").putData(bytes(123)).wait()
        #expect(backend.calls(.startUpload) == [.startUpload(name: "sized", size: 123)])
    }
}
