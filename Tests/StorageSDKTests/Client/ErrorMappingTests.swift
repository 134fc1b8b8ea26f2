import Foundation
import StorageAPI
import StorageSDK
import Testing

/// How service statuses become the SDK's errors (docs/semantics.md §4.2).
@Suite struct ErrorMappingTests {
    @Test(arguments: [
        (400, StorageErrorCode.unknown, "Unknown 400 error from backend"),
        (
            401, .unauthenticated,
            "User is not authenticated, please authenticate using Firebase Authentication and try again."
        ),
        (402, .quotaExceeded, "Quota for bucket bucket exceeded, please view quota on firebase.google.com."),
        (403, .unauthorized, "User does not have permission to access gs://bucket/images/a.jpg."),
        (404, .objectNotFound, "Object images/a.jpg does not exist."),
        (500, .unknown, "Unexpected 500 code from backend"),
        (503, .unknown, "Unexpected 503 code from backend"),
        (409, .unknown, "Unexpected 409 code from backend"),
        (412, .unknown, "Unexpected 412 code from backend"),
        (429, .unknown, "Unexpected 429 code from backend"),
    ])
    func fromServer(status: Int, code: StorageErrorCode, message: String) {
        let error = StorageError.fromServer(status: status, bucket: "bucket", object: "images/a.jpg")
        #expect(error.code == code)
        #expect(error.message == message)
        #expect(error.serverStatus == status)
        #expect(error.bucket == "bucket")
        #expect(error.object == "images/a.jpg")
        #expect(error.cause == nil)
    }

    @Test func withoutAnObjectTheSDKsPlaceholderIsNamed() {
        #expect(
            StorageError.fromServer(status: 403, bucket: "bucket", object: nil).message
                == "User does not have permission to access gs://bucket/<object-entity-internal-error>.")
        #expect(
            StorageError.fromServer(status: 404, bucket: "bucket", object: nil).message
                == "Object <object-entity-internal-error> does not exist.")
    }

    @Test func transportAndMalformedFailuresAreUnknownWithTheirCause() {
        for failure in [
            BackendError(.transport, "refused"), BackendError(.malformedResponse, "not JSON", request: "GET /x"),
        ] {
            let error = StorageError.from(failure, bucket: "bucket", object: "x")
            #expect(error.code == .unknown)
            #expect(error.cause == failure)
            #expect(error.serverStatus == nil)
            #expect(error.message == failure.description)
        }
    }

    @Test func statusFailuresMapAsTheirStatus() {
        let error = StorageError.from(BackendError(status: 402, "Quota."), bucket: "b", object: "o")
        #expect(error == StorageError.fromServer(status: 402, bucket: "b", object: "o"))
    }

    @Test(arguments: [
        (StorageErrorCode.unknown, -13000), (.objectNotFound, -13010), (.bucketNotFound, -13011),
        (.projectNotFound, -13012),
        (.quotaExceeded, -13013), (.unauthenticated, -13020), (.unauthorized, -13021), (.retryLimitExceeded, -13030),
        (.nonMatchingChecksum, -13031), (.downloadSizeExceeded, -13032), (.cancelled, -13040),
        (.invalidArgument, -13050),
        (.bucketMismatch, -13051), (.internalError, -13052), (.pathError, -13053),
    ])
    func codesHaveTheSDKsRawValues(code: StorageErrorCode, raw: Int) {
        #expect(code.rawValue == raw)
        #expect(StorageErrorCode(nameOrNumber: code.name) == code)
        #expect(StorageErrorCode(nameOrNumber: String(raw)) == code)
    }

    @Test func aServiceStatusReachesTheTaskMapped() {
        let (storage, backend) = makeRecordedStorage()
        backend.fail(.startUpload, with: BackendError(status: 402, "Over quota."))
        let task = storage.reference(withPath: "q").putData(bytes(1))
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "failure(quotaExceeded)"])
        #expect(
            task.snapshot.error?.message
                == "Quota for bucket bucket exceeded, please view quota on firebase.google.com.")
    }

    @Test func aTransportFailureReachesTheOperationAsUnknownWithItsCause() {
        let (storage, backend) = makeRecordedStorage()
        storage.maxOperationRetryTime = 0  // no retry: the first failure is the answer
        backend.fail(.getMetadata, with: BackendError(.transport, "connection refused"))
        let error = thrownError { try storage.reference(withPath: "x").getMetadata() }
        #expect(error?.code == .unknown)
        #expect(error?.cause?.kind == .transport)
    }
}
