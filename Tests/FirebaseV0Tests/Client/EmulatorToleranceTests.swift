import FirebaseV0
import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageSDK
import Synchronization
import Testing

/// The client against a stand-in for the Firebase emulator's quirks (docs/wire-protocol.md §9).
@Suite struct EmulatorToleranceTests {
    /// An emulator-shaped endpoint for one object name: plain-text 404s, granularity 10000, chunk answers
    /// with only `X-Goog-Upload-Status`, a bare `OK` on re-finalize, decimal crc32c, `Range` ignored, and
    /// list pages that repeat every prefix.
    final class FakeEmulator {
        let server: HTTPServer
        let port: Int

        init() throws {
            let behaviour = Behaviour()
            server = HTTPServer(configuration: .forTests, handler: behaviour.respond)
            port = try server.start()
            behaviour.port.withLock { $0 = port }
        }

        func stop() { server.stop() }
    }

    /// The fake's answers and the state of its one upload session.
    final class Behaviour: Sendable {
        let port = Mutex(0)
        private let received = Mutex(Data())
        private let finalized = Mutex(false)

        static let metadata =
            #"{"name":"up","bucket":"bkt","generation":"1718000000000","metageneration":"1","size":"SIZE","crc32c":"3381945770","md5Hash":"m","etag":"e","timeCreated":"2024-06-10T06:13:20.000Z","updated":"2024-06-10T06:13:20.000Z","downloadTokens":"tok","contentEncoding":"identity"}"#

        @Sendable func respond(_ request: HTTPRequest) -> HTTPResponse {
            let command = request.headers["X-Goog-Upload-Command"]
            switch (request.method, request.path, command) {
            case ("POST", _, "start"?):
                return HTTPResponse(
                    status: 200,
                    headers: [
                        "X-Goog-Upload-Status": "active", "X-Goog-Upload-Chunk-Granularity": "10000",
                        "X-Goog-Upload-URL":
                            "http://127.0.0.1:\(port.withLock { $0 })/v0/b/bkt/o?name=up&upload_id=u1&upload_protocol=resumable",
                        "X-Goog-Upload-Control-URL": "",
                    ], body: Data("OK".utf8))
            case ("PUT", _, "upload"?):
                received.withLock { $0.append(request.body) }
                return HTTPResponse(status: 200, headers: ["X-Goog-Upload-Status": "active"], body: Data("OK".utf8))
            case ("PUT", _, "upload, finalize"?), ("PUT", _, "finalize"?):
                let again = finalized.withLock { done in
                    defer { done = true }
                    return done
                }
                if again {
                    return HTTPResponse(status: 200, headers: ["X-Goog-Upload-Status": "final"], body: Data("OK".utf8))
                }
                let size = received.withLock { data in
                    data.append(request.body)
                    return data.count
                }
                return HTTPResponse(
                    status: 200, headers: ["X-Goog-Upload-Status": "final", "Content-Type": "application/json"],
                    body: Data(Self.metadata.replacingOccurrences(of: "SIZE", with: String(size)).utf8))
            case ("PUT", _, "query"?):
                let size = received.withLock { $0.count }
                return HTTPResponse(
                    status: 200,
                    headers: ["X-Goog-Upload-Status": "active", "X-Goog-Upload-Size-Received": String(size)],
                    body: Data("OK".utf8))
            case ("GET", "/v0/b/bkt/o/missing", _):
                return HTTPResponse(
                    status: 404, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data("Not Found".utf8))
            case ("GET", "/v0/b/bkt/o/digits", _):
                return HTTPResponse(status: 200, headers: ["Accept-Ranges": "bytes"], body: Data("0123456789".utf8))
            case ("GET", "/v0/b/bkt/o", _):
                let second = request.query?.contains("pageToken=p/b") == true
                let body =
                    second
                    ? #"{"prefixes":["p/dir/"],"items":[{"name":"p/b","bucket":"bkt"}]}"#
                    : #"{"prefixes":["p/dir/"],"items":[{"name":"p/a","bucket":"bkt"}],"nextPageToken":"p/b"}"#
                return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
            default:
                return HTTPResponse(status: 501, body: Data("Not Implemented".utf8))
            }
        }
    }

    private func backend(_ fake: FakeEmulator) throws -> FirebaseV0Client {
        FirebaseV0Client(baseURL: try #require(URL(string: "http://127.0.0.1:\(fake.port)")), requestTimeout: 60)
    }

    @Test func plainTextErrorsKeepTheirStatusAndText() throws {
        let fake = try FakeEmulator()
        defer { fake.stop() }
        #expect {
            try backend(fake).getMetadata(ObjectAddress(bucket: "bkt", name: "missing"))
        } throws: { error in
            guard let error = error as? BackendError else { return false }
            return error.status == 404 && error.message == "Not Found"
        }
    }

    @Test func resumableAnswersWithoutSizesOrMetadataAreUnderstood() throws {
        let fake = try FakeEmulator()
        defer { fake.stop() }
        let client = try backend(fake)
        let session = try client.startUpload(
            UploadStart(object: ObjectAddress(bucket: "bkt", name: "up"), size: 20_005))
        #expect(session.granularity == 10_000)
        let first = try client.uploadChunk(session: session.id, offset: 0, data: Data(count: 10_000), finalize: false)
        #expect(first == UploadStatus(state: .active, receivedBytes: 10_000))
        #expect(try client.queryUpload(session: session.id).receivedBytes == 10_000)
        let final = try client.uploadChunk(
            session: session.id, offset: 10_000, data: Data(count: 10_005), finalize: true)
        #expect(final.state == .final)
        #expect(final.receivedBytes == 20_005)
        let resource = try #require(final.resource)
        #expect(resource.size == 20_005)
        #expect(resource.crc32c == CRC32C.base64(3_381_945_770))
        let again = try client.uploadChunk(session: session.id, offset: 20_005, data: Data(), finalize: true)
        #expect(again == UploadStatus(state: .final, receivedBytes: 20_005))
    }

    @Test func theClientUploadsThroughTheQuirks() throws {
        let fake = try FakeEmulator()
        defer { fake.stop() }
        let storage = Storage(bucket: "bkt", backend: try backend(fake))
        storage.uploadChunkSizeBytes = 1
        let task = storage.reference(withPath: "up").putData(Data(count: 25_000))
        #expect(task.wait(timeout: 120))
        let metadata = try #require(try task.result?.get())
        #expect(metadata.size == 25_000)
    }

    @Test func wholeBodiesForRangedReadsAreSliced() throws {
        let fake = try FakeEmulator()
        defer { fake.stop() }
        let client = try backend(fake)
        let address = ObjectAddress(bucket: "bkt", name: "digits")
        #expect(
            try client.readObject(ReadRequest(object: address, offset: 3, length: 4))
                == ObjectRead(data: Data("3456".utf8), totalSize: 10, offset: 3))
        #expect(
            try client.readObject(ReadRequest(object: address, offset: 8))
                == ObjectRead(data: Data("89".utf8), totalSize: 10, offset: 8))
        #expect(
            try client.readObject(ReadRequest(object: address, offset: 5, length: 0))
                == ObjectRead(data: Data(), totalSize: 10, offset: 5))
        #expect {
            try client.readObject(ReadRequest(object: address, offset: 10, length: 1))
        } throws: { error in
            (error as? BackendError)?.status == 416
        }
        let storage = Storage(bucket: "bkt", backend: client)
        storage.downloadChunkSizeBytes = 3
        let task = storage.reference(withPath: "digits").getData(maxSize: 100)
        #expect(task.wait(timeout: 120))
        #expect(try task.dataResult?.get() == Data("0123456789".utf8))
    }

    @Test func repeatedPrefixesAreListedOnce() throws {
        let fake = try FakeEmulator()
        defer { fake.stop() }
        let storage = Storage(bucket: "bkt", backend: try backend(fake))
        let all = try storage.reference(withPath: "p").listAll()
        #expect(all.prefixes.map(\.fullPath) == ["p/dir"])
        #expect(all.items.map(\.fullPath) == ["p/a", "p/b"])
    }
}
