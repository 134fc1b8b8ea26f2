import Foundation
import Primitives
import ReferenceService
import StorageAPI
import TestSupport
import Testing

@Suite struct ReadTests {
    private func read(
        _ backend: ReferenceBackend, _ name: String = "file", offset: Int64 = 0, length: Int64? = nil,
        token: String? = nil
    ) throws(BackendError) -> ObjectRead {
        try backend.readObject(
            ReadRequest(object: Fixtures.address(name), offset: offset, length: length, downloadToken: token))
    }

    @Test func rangesSelectBytes() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "file", Data("0123456789".utf8))
        let etag = MediaETag.of(md5Base64: Data(MD5.digest(of: Data("0123456789".utf8))).base64EncodedString())
        // A read the rules grant carries the metadata, which the caller may read too.
        let resource = try backend.getMetadata(Fixtures.address("file"))
        #expect(
            try read(backend)
                == ObjectRead(data: Data("0123456789".utf8), totalSize: 10, etag: etag, resource: resource))
        #expect(
            try read(backend, offset: 3)
                == ObjectRead(data: Data("3456789".utf8), totalSize: 10, offset: 3, etag: etag, resource: resource))
        #expect(
            try read(backend, offset: 3, length: 4)
                == ObjectRead(data: Data("3456".utf8), totalSize: 10, offset: 3, etag: etag, resource: resource))
        #expect(try read(backend, offset: 9, length: 1).data == Data("9".utf8))
        #expect(try read(backend, offset: 8, length: 100).data == Data("89".utf8))
        #expect(try read(backend, offset: 0, length: 0).data.isEmpty)
        #expect(try read(backend, offset: 2, length: Int64.max).data == Data("23456789".utf8))
    }

    @Test func partialReadsAreZeroBasedAndIndependent() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "file", Data("0123456789".utf8))
        var part = try read(backend, offset: 5, length: 3).data
        #expect(part.startIndex == 0)
        #expect(part[0] == UInt8(ascii: "5"))
        part[0] = UInt8(ascii: "X")
        var whole = try read(backend).data
        whole[0] = UInt8(ascii: "Y")
        #expect(try read(backend).data == Data("0123456789".utf8))
    }

    @Test func anIfRangeOtherThanTheETagReadsTheWholeObject() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "file", Data("0123456789".utf8))
        let etag = try read(backend).etag
        let same = try backend.readObject(
            ReadRequest(object: Fixtures.address("file"), offset: 4, length: 2, ifRange: etag))
        #expect(same.data == Data("45".utf8))
        #expect(same.offset == 4)
        try Fixtures.upload(backend, "file", Data("new".utf8))
        let changed = try backend.readObject(
            ReadRequest(object: Fixtures.address("file"), offset: 4, length: 2, ifRange: etag))
        #expect(changed.data == Data("new".utf8))
        #expect(changed.offset == 0)
        #expect(changed.etag != etag)
    }

    @Test func offsetPastTheEndIs416() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "file", Data("abc".utf8))
        #expect(status { try read(backend, offset: 3) } == 416)
        #expect(status { try read(backend, offset: 1000, length: 1) } == 416)
        #expect(status { try read(backend, offset: 2) } == nil)
    }

    @Test func emptyObjectReadsEmptyAtOffsetZeroOnly() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "file", Data())
        #expect(try read(backend).data.isEmpty)
        #expect(try read(backend).totalSize == 0)
        #expect(try read(backend, length: 10).data.isEmpty)
        #expect(status { try read(backend, offset: 1) } == 416)
    }

    @Test func negativeOffsetOrLengthIs400() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "file", Data("abc".utf8))
        #expect(status { try read(backend, offset: -1) } == 400)
        #expect(status { try read(backend, length: -1) } == 400)
    }

    @Test func missingObjectIs404() {
        #expect(status { try read(ReferenceBackend(), "nothing") } == 404)
    }

    @Test func downloadTokenGrantsTheReadWithoutRules() throws {
        let backend = ReferenceBackend()
        let resource = try Fixtures.upload(backend, "file", Data("secret".utf8))
        backend.setRules(Fixtures.denyAll, bucket: Fixtures.bucket)
        #expect(status { try read(backend) } == 403)
        let token = try #require(resource.downloadTokens.first)
        #expect(try read(backend, token: token).data == Data("secret".utf8))
        #expect(try read(backend, token: token).resource == nil, "a token grants the bytes, not the metadata")
        #expect(try read(backend, offset: 2, length: 2, token: token).data == Data("cr".utf8))
    }

    @Test func wrongDownloadTokenIs403EvenWhenRulesAllow() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "file")
        let other = try Fixtures.upload(backend, "other")
        let otherToken = try #require(other.downloadTokens.first)
        #expect(status { try read(backend, token: "00000000-0000-0000-0000-000000000000") } == 403)
        #expect(status { try read(backend, token: otherToken) } == 403)
        #expect(status { try read(backend, "missing", token: otherToken) } == 403)
        #expect(status { try read(backend) } == nil)
    }

    @Test func overwriteRevokesTheOldToken() throws {
        let backend = ReferenceBackend()
        let first = try Fixtures.upload(backend, "file", Data("one".utf8))
        try Fixtures.upload(backend, "file", Data("two".utf8))
        let oldToken = try #require(first.downloadTokens.first)
        #expect(status { try read(backend, token: oldToken) } == 403)
    }

    @Test func largeObjectRangesMatchTheSource() throws {
        let backend = ReferenceBackend()
        let data = pattern(300_000, seed: 5)
        try backend.seed(bucket: Fixtures.bucket, name: "file", data: data)
        var assembled = Data()
        var offset: Int64 = 0
        while offset < 300_000 {
            let part = try read(backend, offset: offset, length: 65_536)
            #expect(part.totalSize == 300_000)
            assembled.append(part.data)
            offset += Int64(part.data.count)
        }
        #expect(assembled == data)
    }
}
