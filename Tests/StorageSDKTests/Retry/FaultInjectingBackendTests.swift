import Foundation
import ReferenceService
import StorageAPI
import StorageSDK
import Testing

/// Faults put into a backend's answers: which requests they hit, and what happens.
@Suite struct FaultInjectingBackendTests {
    private func backend(_ faults: [RequestFault]) throws -> (FaultInjectingBackend, ReferenceBackend) {
        let inner = ReferenceBackend(granularity: 4)
        try inner.seed(bucket: "bkt", name: "a", data: Data("hello".utf8))
        return (FaultInjectingBackend(inner, faults: faults), inner)
    }

    private let object = ObjectAddress(bucket: "bkt", name: "a")

    @Test func occurrencesPickTheRequestsOfTheirKind() throws {
        let (faulty, _) = try backend([
            RequestFault(kind: .metadata, occurrence: .nth(2), action: .status(503, retryAfter: nil)),
            RequestFault(kind: .list, occurrence: .first(2), action: .status(500, retryAfter: nil)),
            RequestFault(kind: .delete, occurrence: .every, action: .status(409, retryAfter: 3)),
        ])
        let metadata = (1...3).map { _ in (try? faulty.getMetadata(object)) == nil }
        #expect(metadata == [false, true, false])
        let lists = (1...3).map { _ in (try? faulty.list(ListRequest(bucket: "bkt"))) == nil }
        #expect(lists == [true, true, false])
        do {
            try faulty.deleteObject(object)
            Issue.record("the delete went through")
        } catch {
            #expect(error.status == 409 && error.retryAfter == 3)
        }
        #expect(faulty.firings == [1, 2, 1])
    }

    @Test func aResetNeverReachesTheServiceAndALostAnswerDoes() throws {
        let (faulty, inner) = try backend([
            RequestFault(kind: .delete, occurrence: .nth(1), action: .reset),
            RequestFault(kind: .delete, occurrence: .nth(2), action: .answerLost),
        ])
        #expect(throws: BackendError.self) { try faulty.deleteObject(object) }
        #expect((try? inner.getMetadata(object)) != nil, "a reset request reached the service")
        #expect(throws: BackendError.self) { try faulty.deleteObject(object) }
        #expect((try? inner.getMetadata(object)) == nil, "the request whose answer was lost did not act")
    }

    @Test func queriesCanMisreportAndDownloadsCanBeCorrupted() throws {
        let (faulty, _) = try backend([
            RequestFault(kind: .query, occurrence: .every, action: .misreport(receivedBytes: 99)),
            RequestFault(kind: .download, occurrence: .every, action: .corrupt),
        ])
        let session = try faulty.startUpload(UploadStart(object: ObjectAddress(bucket: "bkt", name: "u")))
        _ = try faulty.uploadChunk(session: session.id, offset: 0, data: Data("abcd".utf8), finalize: false)
        #expect(try faulty.queryUpload(session: session.id).receivedBytes == 99)
        #expect(
            try faulty.readObject(ReadRequest(object: object)).data == Data([UInt8(ascii: "h") ^ 0xFF])
                + Data("ello".utf8))
    }

    @Test func aDroppedChunkLeavesItsFirstBytesInTheSessionAndNoAnswer() throws {
        let (faulty, inner) = try backend([
            RequestFault(kind: .finalize, occurrence: .nth(1), action: .dropRequest(afterBytes: 4))
        ])
        let session = try faulty.startUpload(UploadStart(object: ObjectAddress(bucket: "bkt", name: "u")))
        do {
            _ = try faulty.uploadChunk(session: session.id, offset: 0, data: Data("abcdefgh".utf8), finalize: true)
            Issue.record("a dropped request got an answer")
        } catch {
            #expect(error.kind == .transport && error.injected)
        }
        let status = try inner.queryUpload(session: session.id)
        #expect(status.state == .active && status.receivedBytes == 4, "\(status)")
    }

    @Test func aDroppedAnswerCarriesTheBytesThatArrived() throws {
        let (faulty, _) = try backend([
            RequestFault(kind: .download, occurrence: .nth(1), action: .dropResponse(afterBytes: 2))
        ])
        do {
            _ = try faulty.readObject(ReadRequest(object: object))
            Issue.record("a dropped answer arrived whole")
        } catch {
            #expect(error.partialRead?.data == Data("he".utf8) && error.partialRead?.totalSize == 5)
        }
    }

    @Test func aStallWaitsOnTheClockAndTimesOutPastTheRequestTimeout() throws {
        let clock = VirtualClock()
        let inner = ReferenceBackend(granularity: 4)
        try inner.seed(bucket: "bkt", name: "a", data: Data("hello".utf8))
        let faulty = FaultInjectingBackend(
            inner,
            faults: [
                RequestFault(kind: .metadata, occurrence: .nth(1), action: .stall(seconds: 3)),
                RequestFault(kind: .delete, occurrence: .nth(1), action: .stall(seconds: 30)),
            ], clock: clock, requestTimeout: 10)
        _ = try faulty.getMetadata(object)
        #expect(clock.now == 3)
        #expect(throws: BackendError.self) { try faulty.deleteObject(object) }
        #expect(clock.now == 13)
        #expect((try? inner.getMetadata(object)) != nil, "a request that timed out reached the service")
    }

    @Test func faultsAddedLaterCountFromWhenTheyWereAdded() throws {
        let (faulty, _) = try backend([])
        _ = try? faulty.getMetadata(object)
        _ = try? faulty.getMetadata(object)
        faulty.add([RequestFault(kind: .metadata, occurrence: .nth(1), action: .status(500, retryAfter: nil))])
        let failed = (1...2).map { _ in (try? faulty.getMetadata(object)) == nil }
        #expect(failed == [true, false])
    }
}
