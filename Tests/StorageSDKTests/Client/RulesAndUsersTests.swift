import Foundation
import StorageAPI
import Testing

/// Rules, signed-in users, bad tokens and names the service refuses, as the client reports them
/// (docs/semantics.md §3, §4, §9).
@Suite struct RulesAndUsersTests {
    static let signedInWrites = StorageRules(entries: [
        StorageRules.Entry(path: "**", operations: [.read]),
        StorageRules.Entry(path: "users/**", operations: [.write], requiresSignIn: true),
    ])

    @Test func aDeniedWriteFailsThePutWithUnauthorized() throws {
        let (storage, backend) = makeStorage()
        backend.setRules(StorageRules(entries: [StorageRules.Entry(path: "**", operations: [.read])]), bucket: "bucket")
        let task = storage.reference(withPath: "images/denied.jpg").putData(bytes(10))
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "failure(unauthorized)"])
        let error = try #require(task.snapshot.error)
        #expect(error.message == "User does not have permission to access gs://bucket/images/denied.jpg.")
        #expect(error.code.rawValue == -13021)
        #expect(error.serverStatus == 403)
    }

    @Test func aSignedOutUserCannotWriteWhereSignInIsRequired() throws {
        let (storage, backend) = makeStorage()
        backend.setRules(Self.signedInWrites, bucket: "bucket")
        let reference = storage.reference(withPath: "users/alice/photo.jpg")
        let denied = reference.putData(bytes(3))
        denied.wait()
        #expect(denied.snapshot.error?.code == .unauthorized)
        #expect(thrownError { try reference.delete() }?.code == .unauthorized)
        storage.signIn(uid: "alice")
        let allowed = reference.putData(bytes(3))
        allowed.wait()
        #expect(allowed.snapshot.status == .success)
        storage.signOut()
        #expect(storage.authToken == nil)
        #expect(
            thrownError { try reference.updateMetadata(patch: MetadataPatch(fields: [.contentType: "a/b"])) }?.code
                == .unauthorized)
        #expect(try reference.getMetadata().size == 3)
    }

    @Test func anInvalidTokenIsUnauthenticated() throws {
        let (storage, backend) = makeStorage()
        try backend.seed(bucket: "bucket", name: "a", data: bytes(3))
        storage.authToken = IDToken.malformed
        let upload = storage.reference(withPath: "b").putData(bytes(3))
        let log = EventLog(upload)
        upload.wait()
        #expect(log.events == ["resume", "failure(unauthenticated)"])
        #expect(
            upload.snapshot.error?.message
                == "User is not authenticated, please authenticate using Firebase Authentication and try again.")
        let download = storage.reference(withPath: "a").getData(maxSize: 10)
        download.wait()
        #expect(download.snapshot.error?.code == .unauthenticated)
        #expect(thrownError { try storage.reference(withPath: "a").getMetadata() }?.code == .unauthenticated)
        #expect(thrownError { try storage.reference().listAll() }?.code == .unauthenticated)
    }

    @Test func theSignedInTokenIsSentWithEveryRequest() throws {
        let (storage, backend) = makeStorage()
        backend.setRules(
            StorageRules(entries: [
                StorageRules.Entry(path: "**", operations: Set(StorageRules.Operation.allCases), requiresSignIn: true)
            ]),
            bucket: "bucket")
        storage.signIn(uid: "bob")
        let reference = storage.reference(withPath: "private/file")
        reference.putData(bytes(5)).wait()
        let download = reference.getData(maxSize: 10)
        download.wait()
        #expect(try download.dataResult?.get() == bytes(5))
        #expect(try reference.getMetadata().size == 5)
        #expect(try storage.reference(withPath: "private").listAll().items == [reference])
        _ = try reference.downloadURL()
        try reference.delete()
    }

    @Test(arguments: [
        String(repeating: "n", count: 1025), "dir/" + String(repeating: "\u{E9}", count: 511), "line\nbreak",
        "carriage\rreturn",
    ])
    func aNameTheServiceRefusesIsAnUnknown400(name: String) throws {
        let (storage, _) = makeStorage()
        let reference = storage.reference(withPath: name)
        #expect(reference.fullPath == name)
        let task = reference.putData(bytes(3))
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "failure(unknown)"])
        #expect(task.snapshot.error?.message == "Unknown 400 error from backend")
        #expect(task.snapshot.error?.serverStatus == 400)
        #expect(thrownError { try reference.getMetadata() }?.message == "Unknown 400 error from backend")
    }

    @Test func aNameOfExactly1024BytesIsAccepted() throws {
        let (storage, _) = makeStorage()
        let name = String(repeating: "n", count: 1024)
        let task = storage.reference(withPath: name).putData(bytes(1))
        task.wait()
        #expect(try task.result?.get().path == name)
    }

    @Test func aDeniedMissingObjectIsUnauthorizedNotMissing() throws {
        let (storage, backend) = makeStorage()
        backend.setRules(
            StorageRules(entries: [StorageRules.Entry(path: "public/**", operations: [.read])]), bucket: "bucket")
        let hidden = storage.reference(withPath: "private/none.jpg")
        #expect(thrownError { try hidden.getMetadata() }?.code == .unauthorized)
        #expect(thrownError { try hidden.downloadURL() }?.code == .unauthorized)
        let download = hidden.getData(maxSize: 10)
        download.wait()
        #expect(download.snapshot.error?.code == .unauthorized)
        let visible = storage.reference(withPath: "public/none.jpg")
        #expect(thrownError { try visible.getMetadata() }?.code == .objectNotFound)
    }
}
