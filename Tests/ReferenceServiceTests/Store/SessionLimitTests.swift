import Foundation
import ReferenceService
import StorageAPI
import Testing

/// Open upload sessions are capped, and a session that goes without requests for the idle timeout is forgotten.
@Suite struct SessionLimitTests {
    private func start(_ backend: ReferenceBackend, _ name: String) throws(BackendError) -> String {
        try backend.startUpload(UploadStart(object: Fixtures.address(name), size: 1 << 26)).id
    }

    @Test func startsBeyondTheLimitAre429UntilOneFinishes() throws {
        let backend = ReferenceBackend(granularity: 1, activeSessionLimit: 2)
        let first = try start(backend, "a")
        _ = try start(backend, "b")
        #expect(throws: BackendError.self) { try start(backend, "c") }
        do {
            _ = try start(backend, "c")
        } catch {
            #expect(error.status == 429)
            #expect(error.message.contains("Too many open upload sessions (2)"))
        }
        try backend.cancelUpload(session: first)
        #expect(throws: Never.self) { try start(backend, "c") }
    }

    @Test func idleSessionsExpireAndFreeTheirPlace() throws {
        let backend = ReferenceBackend(
            granularity: 1, activeSessionLimit: 1, sessionIdleTimeout: .milliseconds(50))
        let idle = try start(backend, "a")
        Thread.sleep(forTimeInterval: 0.12)
        let fresh = try start(backend, "b")
        #expect(throws: BackendError.self) { try backend.queryUpload(session: idle) }
        #expect(try backend.queryUpload(session: fresh).state == .active)
    }

    @Test func requestsKeepASessionAlive() throws {
        let backend = ReferenceBackend(granularity: 1, sessionIdleTimeout: .milliseconds(400))
        let id = try start(backend, "a")
        for offset in 0..<4 {
            Thread.sleep(forTimeInterval: 0.05)
            _ = try backend.uploadChunk(session: id, offset: Int64(offset), data: Data("x".utf8), finalize: false)
        }
        Thread.sleep(forTimeInterval: 0.6)
        do {
            _ = try backend.queryUpload(session: id)
            Issue.record("an idle session should have expired")
        } catch {
            #expect(error.status == 404)
        }
    }
}
