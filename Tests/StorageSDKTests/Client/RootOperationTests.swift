import Foundation
import StorageAPI
import StorageSDK
import Testing

/// Object operations on the root or on an empty path: delete, getMetadata, updateMetadata and downloadURL are
/// refused in the client with invalidArgument (docs/semantics.md §3); a download goes to the service, which
/// refuses the empty name (400), reported as every 400. Nothing crashes.
@Suite struct RootOperationTests {
    @Test(arguments: ["", "/"])
    func objectOperationsFailCleanly(path: String) throws {
        let (storage, backend) = makeStorage()
        try backend.seed(bucket: "bucket", name: "a", data: bytes(1))
        let reference = storage.reference(withPath: path)
        let failures: [(String, StorageError?)] = [
            ("getMetadata", thrownError { try reference.getMetadata() }),
            (
                "updateMetadata",
                thrownError { try reference.updateMetadata(patch: MetadataPatch(fields: [.contentType: "a/b"])) }
            ),
            ("delete", thrownError { try reference.delete() }),
            ("downloadURL", thrownError { try reference.downloadURL() }),
        ]
        for (operation, failure) in failures {
            #expect(failure?.code == .invalidArgument)
            #expect(
                failure?.message
                    == "The operation '\(operation)' cannot be performed on a root reference, create a non-root reference using child, such as .child('file.png')."
            )
        }
        let download = reference.getData(maxSize: 10)
        let log = EventLog(download)
        download.wait()
        #expect(log.events == ["resume", "failure(unknown)"])
        #expect(try backend.getMetadata(ObjectAddress(bucket: "bucket", name: "a")).size == 1)
    }
}
