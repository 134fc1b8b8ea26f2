import Foundation
import StorageModel
import Testing

/// Object operations on the root or on an empty path: the service refuses the empty name (400), and the
/// client reports that as every 400, never crashing (sdk-semantics §3).
@Suite struct RootOperationTests {
    @Test(arguments: ["", "/"])
    func objectOperationsFailCleanly(path: String) throws {
        let (storage, backend) = makeStorage()
        backend.seed(bucket: "bucket", name: "a", data: bytes(1))
        let reference = storage.reference(withPath: path)
        let failures: [StorageError?] = [
            thrownError { try reference.getMetadata() },
            thrownError { try reference.updateMetadata(patch: MetadataPatch(fields: [.contentType: "a/b"])) },
            thrownError { try reference.delete() },
            thrownError { try reference.downloadURL() },
        ]
        for failure in failures {
            #expect(failure?.code == .unknown)
            #expect(failure?.message == "Unknown 400 error from backend")
        }
        let download = reference.getData(maxSize: 10)
        let log = EventLog(download)
        download.wait()
        #expect(log.events == ["resume", "failure(unknown)"])
        #expect(try backend.getMetadata(ObjectAddress(bucket: "bucket", name: "a")).size == 1)
    }
}
