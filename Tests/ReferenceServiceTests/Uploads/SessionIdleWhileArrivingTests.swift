import Foundation
import ReferenceService
import StorageAPI
import Testing

/// A session is idle only between requests: a chunk that takes longer to arrive than `--session-idle` is not cut
/// by the sweep another session's start runs (the CI soak found one-shot uploads and XML completions cancelled so).
@Suite struct SessionIdleWhileArrivingTests {
    /// A body that pauses halfway, while `meanwhile` runs, then gives the rest.
    private final class PausingBody: UploadBody {
        let length: Int64 = 2
        private var sent = 0
        private let meanwhile: () -> Void

        init(meanwhile: @escaping () -> Void) {
            self.meanwhile = meanwhile
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws(BackendError) -> Int {
            guard sent < 2, !buffer.isEmpty else { return 0 }
            if sent == 1 { meanwhile() }
            buffer[0] = UInt8(ascii: "a")
            sent += 1
            return 1
        }
    }

    private func start(_ backend: ReferenceBackend, _ name: String) throws -> String {
        try backend.startUpload(
            UploadStart(object: ObjectAddress(bucket: "bkt", name: name), metadata: ObjectMetadataFields(), size: 2)
        ).id
    }

    @Test func aChunkArrivingLongerThanTheIdleTimeIsKept() throws {
        let service = ReferenceBackend(sessionIdleTimeout: .milliseconds(50))
        let slow = try start(service, "slow")
        let body = PausingBody {
            Thread.sleep(forTimeInterval: 0.2)
            _ = try? self.start(service, "sweeper")  // a start sweeps the idle sessions
        }
        let status = try service.uploadChunk(session: slow, offset: 0, body: body, finalize: true)
        #expect(status.state == .final)
        #expect(try service.getMetadata(ObjectAddress(bucket: "bkt", name: "slow")).size == 2)
    }

    @Test func aSessionWithNothingArrivingStillExpires() throws {
        let service = ReferenceBackend(sessionIdleTimeout: .milliseconds(50))
        let idle = try start(service, "idle")
        Thread.sleep(forTimeInterval: 0.2)
        _ = try start(service, "sweeper")
        #expect(throws: BackendError.self) { try service.queryUpload(session: idle) }
    }
}
