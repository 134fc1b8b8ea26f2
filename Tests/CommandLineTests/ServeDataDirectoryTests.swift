import FirebaseV0
import Foundation
import StorageAPI
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `serve --data-dir` as a user runs it, killed where it hurts.
@Suite("serve --data-dir") struct ServeDataDirectoryTests {
    /// A serve on `data`, and a client of it.
    private struct Served {
        let tool: SpawnedTool
        let port: Int
        let client: FirebaseV0Client

        init(_ data: String, in folder: TemporaryFolder) throws {
            let binary = try #require(SpawnedTool.binary, "build the storage-conformance product first")
            tool = try SpawnedTool(binary, ["serve", "--port", "0", "--data-dir", data], in: folder.url)
            let text = try #require(
                tool.waitForOutput(matching: "http://127\\.0\\.0\\.1:([0-9]+)\n", timeout: 30), "\(tool.errors)")
            port = try #require(Int(text))
            client = FirebaseV0Client(
                baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), requestTimeout: 10)
        }
    }

    private static func object(_ name: String) -> ObjectAddress { ObjectAddress(bucket: "bkt", name: name) }

    @Test func aKilledServeRestartsWithEveryFinishedObjectAndNoHalfWrittenOne() throws {
        let folder = try TemporaryFolder()
        let data = folder.path("data")
        var served = try Served(data, in: folder)
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        _ = try served.client.uploadObject(
            Self.object("done/été +%.bin"), data: bytes, metadata: ObjectMetadataFields(contentType: "x/y"))
        let patched = try served.client.updateMetadata(
            Self.object("done/été +%.bin"), patch: MetadataPatch(customMetadata: ["k": "v"]))
        let session = try served.client.startUpload(UploadStart(object: Self.object("resumed.bin")))
        _ = try served.client.uploadChunk(
            session: session.id, offset: 0, data: bytes.prefix(262_144), finalize: false)
        // A media upload of 8 MiB that has sent 1 MiB when the process dies.
        let socket = try LoopbackSocket.connect(port: served.port)
        defer { close(socket) }
        let head = "POST /v0/b/bkt/o?name=partial.bin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 8388608\r\n\r\n"
        let sent = (Array(head.utf8) + [UInt8](repeating: 1, count: 1 << 20)).withUnsafeBytes {
            send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        #expect(sent > 0)
        Thread.sleep(forTimeInterval: 0.3)
        kill(served.tool.processIdentifier, SIGKILL)
        #expect(served.tool.waitForExit(timeout: 60) != nil)

        let killedPort = served.port
        served = try Served(data, in: folder)
        // Before it listens, serve says what it restores (an open upload's bytes are hashed again) and how long.
        #expect(served.tool.output.contains("restoring \(data): "), "\(served.tool.output)")
        #expect(served.tool.output.contains(", 1 open upload holding "), "\(served.tool.output)")
        #expect(served.tool.output.contains("restored \(data) in "), "\(served.tool.output)")
        #expect(try served.client.getMetadata(Self.object("done/été +%.bin")) == patched)
        #expect(try served.client.readObject(ReadRequest(object: Self.object("done/été +%.bin"))).data == bytes)
        #expect(throws: BackendError.self) { try served.client.getMetadata(Self.object("partial.bin")) }
        // The session outlived the process; its upload URL names the old port.
        let url = session.id.replacingOccurrences(of: ":\(killedPort)/", with: ":\(served.port)/")
        #expect(try served.client.queryUpload(session: url).receivedBytes == 262_144)
        _ = try served.client.uploadChunk(session: url, offset: 262_144, data: bytes.dropFirst(262_144), finalize: true)
        #expect(try served.client.readObject(ReadRequest(object: Self.object("resumed.bin"))).data == bytes)
        served.tool.terminate()
        #expect(served.tool.waitForExit(timeout: 60) == 0)
        #expect(folder.contents(of: "data/staging").isEmpty, "the one-shot upload's staged bytes were removed")
    }

    @Test func aSecondServeOnTheSameFolderIsRefused() throws {
        let folder = try TemporaryFolder()
        let served = try Served(folder.path("data"), in: folder)
        let second = ToolRun(["serve", "--port", "0", "--data-dir", folder.path("data")])
        #expect(second.code == 2)
        #expect(second.errors.contains("in use by another process"), "\(second.errors)")
        served.tool.terminate()
        _ = served.tool.waitForExit(timeout: 60)
    }
}
