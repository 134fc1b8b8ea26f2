import Foundation
import Testing

/// Production's recorded answers replayed against `serve`: any drift from them fails here.
@Suite("Production recordings replayed against serve")
struct ProductionReplayTests {
    /// Recordings of failures the SDK's tests injected: they show how the SDK reacts, not how the service
    /// answers, so they are not replayed.
    static let injected: [String: String] = [
        "fileUploadWith500": "every upload chunk answered 500 by the test's fake network",
        "fileUploadRecovery": "500s injected between chunks and queries",
        "fileUploadNoRecovery": "500s injected until the SDK gives up",
        "adaptiveChunking": "a chunk's answer was dropped by the test to make the SDK shrink its chunks",
        "streamDownloadWithETagChange": "the second answer's ETag was edited (31 hex digits) to fake a change",
    ]

    static let replayed: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: ProductionTrace.folder.path)) ?? []
        return files.filter { $0.hasSuffix("_network.txt") }.map { String($0.dropLast("_network.txt".count)) }
            .filter { injected[$0] == nil }.sorted()
    }()

    @Test(arguments: replayed)
    func serveAnswersAsProductionDid(_ name: String) throws {
        let trace = try ProductionTrace(named: name)
        #expect(!trace.exchanges.isEmpty)
        let served = try ServedStorage()
        var replay = ProductionReplay(trace)
        try replay.run(against: served)
        #expect(replay.differences.isEmpty, "\(replay.differences.joined(separator: "\n"))")
    }

    @Test func everyRecordingIsReplayedOrLeftOutWithAReason() throws {
        #expect(Self.replayed.count + Self.injected.count == 32)
        for name in Self.injected.keys {
            #expect(
                FileManager.default.fileExists(
                    atPath: ProductionTrace.folder.appendingPathComponent("\(name)_network.txt").path))
        }
    }
}
