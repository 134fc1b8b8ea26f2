import StorageAPI
import Testing

/// Which fault the next request meets: counted per kind from when a fault was armed, queued per GCS operation, and
/// passed over by upload requests without bytes when the fault acts on a body.
@Suite struct FaultScheduleTests {
    private func next(
        _ schedule: inout FaultSchedule, _ kind: RequestFault.Kind?, operation: String? = nil,
        bytes: Bool = false
    ) -> RequestFault.Action? {
        let upload: [RequestFault.Kind?] = [.uploadStart, .chunk, .finalize, .query, .cancel]
        return schedule.next(kind: kind, operation: operation, sendsNoUploadBytes: upload.contains(kind) && !bytes)
    }

    @Test func kindsAreCountedFromWhenTheFaultWasArmed() {
        var schedule = FaultSchedule()
        #expect(next(&schedule, .list) == nil)
        schedule.add([RequestFault(kind: .list, occurrence: .nth(2), action: .reset)])
        #expect(next(&schedule, .list) == nil)
        #expect(next(&schedule, .metadata) == nil)
        #expect(next(&schedule, .list) == .reset)
        #expect(next(&schedule, .list) == nil)
        #expect(schedule.firings == [1])
    }

    @Test func firstAndEveryRepeat() {
        var schedule = FaultSchedule([
            RequestFault(kind: .delete, occurrence: .first(2), action: .answerLost),
            RequestFault(kind: .delete, occurrence: .every, action: .reset),
        ])
        #expect((1...4).map { _ in next(&schedule, .delete) } == [.answerLost, .answerLost, .reset, .reset])
        #expect(schedule.firings == [2, 2])
    }

    @Test func operationsAreQueuesTakenInOrder() {
        var schedule = FaultSchedule()
        schedule.add(
            [
                RequestFault(target: .operation("storage.objects.get"), occurrence: .nth(1), action: .reset),
                RequestFault(
                    target: .operation("storage.objects.get"), occurrence: .nth(2),
                    action: .status(503, retryAfter: nil)),
            ], labels: ["return-reset-connection", "return-503"])
        #expect(schedule.pendingLabels.first?.labels == ["return-reset-connection", "return-503"])
        #expect(next(&schedule, .download, operation: "storage.objects.get") == .reset)
        #expect(next(&schedule, .metadata, operation: "storage.objects.list") == nil)
        #expect(next(&schedule, .metadata, operation: "storage.objects.get") == .status(503, retryAfter: nil))
        #expect(next(&schedule, .metadata, operation: "storage.objects.get") == nil)
        #expect(schedule.pendingLabels.first?.labels == [])
    }

    /// storage-testbench keeps `return-503-after-256K` for the first request that sends bytes: a session start
    /// neither meets nor takes it.
    @Test func bodyFaultsWaitForARequestWithBytes() {
        var schedule = FaultSchedule()
        schedule.add([
            RequestFault(
                target: .operation("storage.objects.insert"), occurrence: .nth(1),
                action: .statusAfterRequestBytes(503, afterBytes: 256 * 1024))
        ])
        #expect(next(&schedule, .uploadStart, operation: "storage.objects.insert") == nil)
        #expect(
            schedule.next(
                kind: .chunk, operation: "storage.objects.insert", sendsNoUploadBytes: false,
                uploadBytes: 0..<(300 * 1024)) == .statusAfterRequestBytes(503, afterBytes: 256 * 1024))
        var counted = FaultSchedule([
            RequestFault(kind: .chunk, occurrence: .every, action: .dropRequest(afterBytes: 1))
        ])
        #expect(next(&counted, .chunk) == nil)
        #expect(next(&counted, .chunk, bytes: true) == .dropRequest(afterBytes: 1))
        // storage-testbench reads it on uploads only: a request that is no upload passes it over.
        var download = FaultSchedule()
        download.add([
            RequestFault(
                target: .operation("storage.objects.get"), occurrence: .nth(1),
                action: .statusAfterRequestBytes(503, afterBytes: 1024))
        ])
        #expect(next(&download, .download, operation: "storage.objects.get") == nil)
    }

    /// An upload's queue entry counts Y KiB of the whole upload: it waits for the request whose bytes reach that
    /// offset and then lets through only this request's bytes before it; a stall on an upload waits the same way.
    @Test func uploadEntriesCountTheWholeUpload() {
        var schedule = FaultSchedule()
        let insert = RequestFault.Target.operation("storage.objects.insert")
        schedule.add([
            RequestFault(target: insert, occurrence: .nth(1), action: .statusAfterRequestBytes(503, afterBytes: 3072)),
            RequestFault(target: insert, occurrence: .nth(2), action: .stall(seconds: 2, afterBytes: 5000)),
        ])
        #expect(
            schedule.next(
                kind: .chunk, operation: "storage.objects.insert", sendsNoUploadBytes: false, uploadBytes: 0..<2048)
                == nil)
        #expect(
            schedule.next(
                kind: .chunk, operation: "storage.objects.insert", sendsNoUploadBytes: false, uploadBytes: 2048..<4096)
                == .statusAfterRequestBytes(503, afterBytes: 1024))
        #expect(schedule.next(kind: .query, operation: "storage.objects.insert", sendsNoUploadBytes: true) == nil)
        #expect(
            schedule.next(
                kind: .chunk, operation: "storage.objects.insert", sendsNoUploadBytes: false, uploadBytes: 3072..<4096)
                == nil)
        #expect(
            schedule.next(
                kind: .finalize, operation: "storage.objects.insert", sendsNoUploadBytes: false,
                uploadBytes: 4096..<6000)
                == .stall(seconds: 2, afterBytes: 0))
        #expect(schedule.firings == [1, 1])
        var reads = FaultSchedule()
        reads.add([
            RequestFault(
                target: .operation("storage.objects.get"), occurrence: .nth(1),
                action: .stall(seconds: 1, afterBytes: 2048))
        ])
        #expect(
            reads.next(kind: .download, operation: "storage.objects.get", sendsNoUploadBytes: false)
                == .stall(seconds: 1, afterBytes: 2048))
    }
}
