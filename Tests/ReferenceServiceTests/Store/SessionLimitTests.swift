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

    /// Requests spaced under the idle timeout keep a session alive past it. The gaps are measured: when the
    /// machine stalled a gap past the timeout, the attempt proves nothing and is made again, so the verdict
    /// never rests on how fast a loaded machine is.
    @Test func requestsKeepASessionAlive() throws {
        let timeout = Duration.milliseconds(400)
        var proved = false
        for _ in 0..<10 where !proved {
            let backend = ReferenceBackend(granularity: 1, sessionIdleTimeout: timeout)
            let id = try start(backend, "a")
            var last = ContinuousClock.now
            var gapsHeld = true
            for offset in 0..<6 {
                Thread.sleep(forTimeInterval: 0.1)
                let now = ContinuousClock.now
                gapsHeld = gapsHeld && now - last < timeout * 3 / 4
                guard gapsHeld else { break }
                _ = try backend.uploadChunk(session: id, offset: Int64(offset), data: Data("x".utf8), finalize: false)
                last = ContinuousClock.now
            }
            let state = try? backend.queryUpload(session: id).state
            guard gapsHeld, ContinuousClock.now - last < timeout * 3 / 4 else { continue }
            // Six requests 0.1 s apart outlived the 0.4 s timeout: the session is still open.
            #expect(state == .active)
            proved = true
        }
        #expect(proved, "the machine never let requests 0.1 s apart arrive within 0.3 s of each other")
        let backend = ReferenceBackend(granularity: 1, sessionIdleTimeout: timeout)
        let id = try start(backend, "a")
        Thread.sleep(forTimeInterval: 0.6)
        do {
            _ = try backend.queryUpload(session: id)
            Issue.record("an idle session should have expired")
        } catch {
            #expect(error.status == 404)
        }
    }
}
