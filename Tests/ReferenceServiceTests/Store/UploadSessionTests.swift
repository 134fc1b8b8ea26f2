import Foundation
import Primitives
import ReferenceService
import StorageAPI
import TestSupport
import Testing

@Suite struct UploadSessionTests {
    private func start(
        _ backend: ReferenceBackend, _ name: String = "upload", size: Int64? = nil, auth: String? = nil
    ) throws(BackendError) -> String {
        try backend.startUpload(UploadStart(object: Fixtures.address(name, auth: auth), size: size)).id
    }

    @Test func sessionReportsTheBackendGranularity() throws {
        #expect(try ReferenceBackend().startUpload(UploadStart(object: Fixtures.address("a"))).granularity == 262_144)
        #expect(
            try ReferenceBackend(granularity: 4).startUpload(UploadStart(object: Fixtures.address("a"))).granularity
                == 4
        )
        let ids = try (0..<3).map { _ throws(BackendError) in try start(ReferenceBackend()) }
        #expect(Set(ids).count == 3)
    }

    @Test func chunksAssembleTheObjectAndItsChecksums() throws {
        let backend = ReferenceBackend(granularity: 4)
        let data = pattern(23)
        let id = try start(backend, size: 23)
        #expect(
            try backend.uploadChunk(session: id, offset: 0, data: data[0..<8], finalize: false)
                == UploadStatus(state: .active, receivedBytes: 8))
        #expect(
            try backend.uploadChunk(session: id, offset: 8, data: data[8..<16], finalize: false).receivedBytes == 16)
        #expect(
            try backend.queryUpload(session: id)
                == UploadStatus(
                    state: .active, receivedBytes: 16, granularity: backend.granularity,
                    object: Fixtures.address("upload")))
        let final = try backend.uploadChunk(session: id, offset: 16, data: data[16...], finalize: true)
        #expect(final.state == .final)
        #expect(final.receivedBytes == 23)
        let resource = try #require(final.resource)
        #expect(resource.size == 23)
        #expect(resource.md5Hash == Data(MD5.digest(of: data)).base64EncodedString())
        #expect(resource.crc32c == CRC32C.base64(CRC32C.checksum(of: data)))
        #expect(try Fixtures.read(backend, "upload") == data)
        #expect(
            try backend.queryUpload(session: id)
                == UploadStatus(
                    state: .final, receivedBytes: 23, resource: resource, granularity: backend.granularity,
                    object: Fixtures.address("upload")))
    }

    @Test func wrongOffsetIs400AndTheSessionCarriesOn() throws {
        let backend = ReferenceBackend(granularity: 2)
        let id = try start(backend)
        _ = try backend.uploadChunk(session: id, offset: 0, data: Data("ab".utf8), finalize: false)
        let ahead = failure { try backend.uploadChunk(session: id, offset: 4, data: Data("cd".utf8), finalize: false) }
        #expect(ahead?.status == 400)
        #expect(ahead?.message.contains("expected 2") == true)
        #expect(ahead?.message.contains("got 4") == true)
        #expect(
            status { try backend.uploadChunk(session: id, offset: 0, data: Data("ab".utf8), finalize: false) } == 400)
        #expect(try backend.queryUpload(session: id).receivedBytes == 2)
        _ = try backend.uploadChunk(session: id, offset: 2, data: Data("cd".utf8), finalize: true)
        #expect(try Fixtures.read(backend, "upload") == Data("abcd".utf8))
    }

    @Test func nonFinalChunkMustBeAMultipleOfTheGranularity() throws {
        let backend = ReferenceBackend(granularity: 4)
        let id = try start(backend)
        #expect(
            status { try backend.uploadChunk(session: id, offset: 0, data: Data("abc".utf8), finalize: false) } == 400)
        #expect(try backend.queryUpload(session: id).receivedBytes == 0)
        _ = try backend.uploadChunk(session: id, offset: 0, data: Data(), finalize: false)
        _ = try backend.uploadChunk(session: id, offset: 0, data: Data("abcdefgh".utf8), finalize: false)
        #expect(try backend.uploadChunk(session: id, offset: 8, data: Data("xyz".utf8), finalize: true).state == .final)
    }

    @Test func declaredSizeMayNotBeExceededOrMissed() throws {
        let backend = ReferenceBackend(granularity: 1)
        let id = try start(backend, size: 4)
        #expect(
            status { try backend.uploadChunk(session: id, offset: 0, data: Data("abcde".utf8), finalize: false) } == 400
        )
        _ = try backend.uploadChunk(session: id, offset: 0, data: Data("abc".utf8), finalize: false)
        #expect(status { try backend.uploadChunk(session: id, offset: 3, data: Data(), finalize: true) } == 400)
        #expect(
            status { try backend.uploadChunk(session: id, offset: 3, data: Data("de".utf8), finalize: true) } == 400)
        #expect(
            try backend.queryUpload(session: id)
                == UploadStatus(
                    state: .active, receivedBytes: 3, granularity: backend.granularity,
                    object: Fixtures.address("upload")))
        #expect(
            try backend.uploadChunk(session: id, offset: 3, data: Data("d".utf8), finalize: true).resource?.size == 4)
        #expect(status { try start(backend, size: -1) } == 400)
    }

    @Test func unknownSessionIs404() {
        let backend = ReferenceBackend()
        #expect(status { try backend.uploadChunk(session: "nope", offset: 0, data: Data(), finalize: true) } == 404)
        #expect(status { try backend.queryUpload(session: "nope") } == 404)
        #expect(status { try backend.cancelUpload(session: "nope") } == 404)
    }

    @Test func cancelIsIdempotentAndEndsTheSession() throws {
        let backend = ReferenceBackend(granularity: 1)
        let id = try start(backend)
        _ = try backend.uploadChunk(session: id, offset: 0, data: Data("ab".utf8), finalize: false)
        try backend.cancelUpload(session: id)
        try backend.cancelUpload(session: id)
        #expect(try backend.queryUpload(session: id).state == .cancelled)
        #expect(
            status { try backend.uploadChunk(session: id, offset: 2, data: Data("c".utf8), finalize: false) } == 400)
        #expect(status { try backend.uploadChunk(session: id, offset: 2, data: Data(), finalize: true) } == 400)
        #expect(status { try backend.getMetadata(Fixtures.address("upload")) } == 404)
    }

    @Test func aFinalSessionTakesNoMoreChunksAndCannotBeCancelled() throws {
        let backend = ReferenceBackend(granularity: 1)
        let id = try start(backend)
        let first = try backend.uploadChunk(session: id, offset: 0, data: Data("abc".utf8), finalize: true)
        // A repeated finalize answers the object again, as GCS does for a client that lost the first answer.
        let again = try backend.uploadChunk(session: id, offset: 3, data: Data(), finalize: true)
        #expect(again.state == .final)
        #expect(again.resource == first.resource)
        #expect(
            status { try backend.uploadChunk(session: id, offset: 3, data: Data("d".utf8), finalize: false) } == 400)
        #expect(status { try backend.cancelUpload(session: id) } == 400)
        #expect(try backend.queryUpload(session: id).state == .final)
        #expect(try Fixtures.read(backend, "upload") == Data("abc".utf8))
    }

    @Test func startChecksTheWriteRule() throws {
        let backend = ReferenceBackend()
        backend.setRules(
            StorageRules(entries: [.init(path: "open/**", operations: [.write])]), bucket: Fixtures.bucket)
        #expect(status { try start(backend, "closed/file") } == 403)
        #expect(
            failure { try start(backend, "closed/file") }?.message
                == "Permission denied. Could not perform this operation")
        #expect(status { try start(backend, "open/file") } == nil)
    }

    @Test func finalizeRechecksTheRuleAndADenialEndsTheSession() throws {
        let backend = ReferenceBackend(granularity: 1)
        let id = try start(backend)
        _ = try backend.uploadChunk(session: id, offset: 0, data: Data("ab".utf8), finalize: false)
        backend.setRules(Fixtures.denyAll, bucket: Fixtures.bucket)
        #expect(status { try backend.uploadChunk(session: id, offset: 2, data: Data("c".utf8), finalize: true) } == 403)
        #expect(
            try backend.queryUpload(session: id)
                == UploadStatus(
                    state: .final, receivedBytes: 3, granularity: backend.granularity,
                    object: Fixtures.address("upload")))
        #expect(status { try backend.uploadChunk(session: id, offset: 3, data: Data(), finalize: true) } == 400)
        backend.setRules(.allowAll, bucket: Fixtures.bucket)
        #expect(status { try backend.getMetadata(Fixtures.address("upload")) } == 404)
    }

    @Test func finalizeUsesTheStartsCaller() throws {
        let backend = ReferenceBackend(granularity: 1)
        backend.setRules(
            StorageRules(entries: [.init(path: "**", operations: [.write, .read], requiresSignIn: true)]),
            bucket: Fixtures.bucket)
        #expect(status { try start(backend) } == 403)
        let id = try start(backend, auth: Fixtures.user)
        let final = try backend.uploadChunk(session: id, offset: 0, data: Data("signed".utf8), finalize: true)
        #expect(final.resource?.size == 6)
        #expect(try Fixtures.read(backend, "upload", auth: Fixtures.user) == Data("signed".utf8))
    }

    @Test func startWithAnUnreadableTokenIs401() {
        let backend = ReferenceBackend()
        #expect(status { try start(backend, auth: IDToken.malformed) } == 401)
    }

    @Test func oldestFinishedSessionsAreForgotten() throws {
        let backend = ReferenceBackend(granularity: 1, finishedSessionLimit: 2)
        let active = try start(backend, "active")
        let ids = try (0..<4).map { index throws(BackendError) in try start(backend, "s\(index)") }
        try backend.cancelUpload(session: ids[0])
        _ = try backend.uploadChunk(session: ids[1], offset: 0, data: Data("x".utf8), finalize: true)
        try backend.cancelUpload(session: ids[2])
        #expect(status { try backend.queryUpload(session: ids[0]) } == 404)
        #expect(try backend.queryUpload(session: ids[1]).state == .final)
        #expect(try backend.queryUpload(session: ids[2]).state == .cancelled)
        _ = try backend.uploadChunk(session: ids[3], offset: 0, data: Data(), finalize: true)
        #expect(status { try backend.queryUpload(session: ids[1]) } == 404)
        #expect(try backend.queryUpload(session: active).state == .active)
        #expect(try backend.getMetadata(Fixtures.address("s1")).size == 1)
    }

    @Test func largeChunkedUploadKeepsEveryByte() throws {
        let backend = ReferenceBackend(granularity: 65_536)
        let data = pattern(1_000_003, seed: 9)
        let id = try start(backend, "big", size: Int64(data.count))
        var offset = 0
        while data.count - offset > 65_536 * 3 {
            _ = try backend.uploadChunk(
                session: id, offset: Int64(offset), data: data[offset..<(offset + 65_536 * 3)], finalize: false)
            offset += 65_536 * 3
        }
        let final = try backend.uploadChunk(session: id, offset: Int64(offset), data: data[offset...], finalize: true)
        #expect(final.resource?.md5Hash == Data(MD5.digest(of: data)).base64EncodedString())
        #expect(try Fixtures.read(backend, "big") == data)
    }
}
