import Foundation
import Primitives
import ReferenceService
import SecurityRules
import StorageAPI
import Testing

/// Which rules method each operation asks for, and what `resource`, `request.resource` and `request.auth` hold
/// when the reference service decides it (docs/security-rules.md §5).
@Suite struct RulesDecisionTests {
    /// `rules_version = '2'` rules whose one match covers every object with `body` as its allows.
    static func rules(_ body: String) throws -> RulesProgram {
        try RulesProgram(
            RulesSource(
                name: "test.rules",
                text: """
                    rules_version = '2';
                    service firebase.storage {
                      match /b/{bucket}/o {
                        match /{allPaths=**} {
                          \(body)
                        }
                      }
                    }
                    """))
    }

    static func backend(_ body: String) throws -> ReferenceBackend {
        let backend = ReferenceBackend()
        backend.setRules(try rules(body), bucket: Fixtures.bucket)
        return backend
    }

    /// An unsigned ID token with these claims besides the uid.
    static func token(uid: String, claims: String) -> String {
        let header = Base64.encode(Data(#"{"alg":"none"}"#.utf8), alphabet: .url)
        let payload = Base64.encode(Data(#"{"user_id":"\#(uid)","sub":"\#(uid)",\#(claims)}"#.utf8), alphabet: .url)
        return header + "." + payload + "."
    }

    @Test func readsAreGetAndListsAreList() throws {
        let getOnly = try Self.backend("allow get; allow create;")
        try Fixtures.upload(getOnly, "a/b.txt")
        #expect(status { try getOnly.getMetadata(Fixtures.address("a/b.txt")) } == nil)
        #expect(status { try Fixtures.read(getOnly, "a/b.txt") } == nil)
        #expect(status { try getOnly.list(ListRequest(bucket: Fixtures.bucket, prefix: "a/")) } == 403)
        let listOnly = try Self.backend("allow list; allow create;")
        try Fixtures.upload(listOnly, "a/b.txt")
        #expect(status { try listOnly.getMetadata(Fixtures.address("a/b.txt")) } == 403)
        #expect(try listOnly.list(ListRequest(bucket: Fixtures.bucket, prefix: "a/")).items == ["a/b.txt"])
    }

    /// An upload is a `create`, over an existing object too; `update` is a metadata change only
    /// (docs/security-rules.md §5).
    @Test func anUploadIsACreateOverAnExistingObjectToo() throws {
        let createOnly = try Self.backend("allow create;")
        try Fixtures.upload(createOnly, "x")
        #expect(status { try Fixtures.upload(createOnly, "x") } == nil)
        #expect(status { try createOnly.updateMetadata(Fixtures.address("x"), patch: MetadataPatch()) } == 403)
        let updateOnly = try Self.backend("allow update;")
        #expect(status { try Fixtures.upload(updateOnly, "x") } == 403)
        try updateOnly.seed(bucket: Fixtures.bucket, name: "x", data: Data("v1".utf8))
        #expect(status { try Fixtures.upload(updateOnly, "x") } == 403)
        #expect(status { try updateOnly.updateMetadata(Fixtures.address("x"), patch: MetadataPatch()) } == nil)
        #expect(status { try updateOnly.deleteObject(Fixtures.address("x")) } == 403)
    }

    /// A rules file keeps a file from being replaced by testing `resource` in its `allow create`: `resource` is
    /// the object the upload replaces.
    @Test func anOverwritesResourceIsTheObjectItReplaces() throws {
        let backend = try Self.backend(
            "allow create: if resource == null || resource.metadata.owner == request.resource.metadata.owner;")
        let alice = ObjectMetadataFields(customMetadata: ["owner": "alice"])
        let bob = ObjectMetadataFields(customMetadata: ["owner": "bob"])
        #expect(status { try Fixtures.upload(backend, "doc", metadata: alice) } == nil)
        #expect(status { try Fixtures.upload(backend, "doc", metadata: alice) } == nil)
        #expect(status { try Fixtures.upload(backend, "doc", metadata: bob) } == 403)
        let once = try Self.backend("allow create: if resource == null;")
        #expect(status { try Fixtures.upload(once, "f") } == nil)
        #expect(status { try once.startUpload(UploadStart(object: Fixtures.address("f"))) } == 403)
    }

    @Test func anUploadsIncomingObjectIsTheObjectAsStored() throws {
        let backend = try Self.backend(
            """
            allow create: if request.resource.size == 5 && request.resource.contentType == 'application/octet-stream'
                          && request.resource.metadata.owner == 'alice' && request.resource.name == 'dir/f'
                          && request.resource.bucket == bucket && request.resource.md5Hash.size() == 24
                          && request.resource.contentDisposition == "inline; filename*=utf-8''f"
                          && request.resource.metageneration == 1 && resource == null;
            allow create: if request.resource.contentType == 'text/plain' && resource.size == 5
                          && resource.metadata.owner == 'alice';
            """)
        let owned = ObjectMetadataFields(customMetadata: ["owner": "alice"])
        #expect(status { try Fixtures.upload(backend, "dir/f", metadata: owned) } == nil)
        #expect(status { try Fixtures.upload(backend, "dir/g", metadata: owned) } == 403)
        #expect(status { try Fixtures.upload(backend, "dir/f", metadata: ObjectMetadataFields()) } == 403)
        let text = ObjectMetadataFields(contentType: "text/plain")
        #expect(status { try Fixtures.upload(backend, "dir/f", metadata: text) } == nil)
    }

    @Test func aMetadataUpdateSeesThePatchedObject() throws {
        let backend = try Self.backend(
            """
            allow create, get;
            allow update: if request.resource.metadata.state == 'done' && resource.metadata.state == 'open'
                          && request.resource.metageneration == resource.metageneration + 1;
            """)
        try Fixtures.upload(backend, "task", metadata: ObjectMetadataFields(customMetadata: ["state": "open"]))
        let wrong = MetadataPatch(customMetadata: ["state": "later"])
        #expect(status { try backend.updateMetadata(Fixtures.address("task"), patch: wrong) } == 403)
        let done = MetadataPatch(customMetadata: ["state": "done"])
        #expect(try backend.updateMetadata(Fixtures.address("task"), patch: done).customMetadata["state"] == "done")
        #expect(status { try backend.updateMetadata(Fixtures.address("task"), patch: done) } == 403)
    }

    @Test func aDeleteSeesTheStoredObjectAndNoIncomingOne() throws {
        let backend = try Self.backend(
            "allow create; allow delete: if resource.size < 3 && request.resource == null;")
        try Fixtures.upload(backend, "small", Data("ab".utf8))
        try Fixtures.upload(backend, "large", Data("abcdef".utf8))
        #expect(status { try backend.deleteObject(Fixtures.address("large")) } == 403)
        #expect(status { try backend.deleteObject(Fixtures.address("small")) } == nil)
        // No object: resource is null, the condition errs, and the answer is 403 before 404.
        #expect(status { try backend.deleteObject(Fixtures.address("small")) } == 403)
    }

    @Test func theTokensClaimsAreRequestAuthToken() throws {
        let backend = try Self.backend(
            "allow get: if request.auth.token.email_verified == true && request.auth.token.level > 2;")
        try backend.seed(bucket: Fixtures.bucket, name: "x", data: Data())
        let verified = Self.token(uid: "u", claims: #""email_verified":true,"level":3"#)
        let unverified = Self.token(uid: "u", claims: #""email_verified":false,"level":3"#)
        #expect(status { try backend.getMetadata(Fixtures.address("x", auth: verified)) } == nil)
        #expect(status { try backend.getMetadata(Fixtures.address("x", auth: unverified)) } == 403)
        #expect(status { try backend.getMetadata(Fixtures.address("x")) } == 403)
    }

    /// The head knows the name only: a denial that read nothing else is final there; one that read the size or
    /// the type waits for the start, which knows the metadata and a declared size, and then for the commit.
    @Test func theHeadAndTheStartRefuseOnlyWhatNoBodyCouldTurn() throws {
        let sized = try Self.backend("allow create: if request.resource.size < 4;")
        #expect(status { try sized.checkWrite(Fixtures.address("f")) } == nil)
        let declared = UploadStart(object: Fixtures.address("f"), size: 10)
        #expect(status { try sized.startUpload(declared) } == 403)
        let undeclared = try sized.startUpload(UploadStart(object: Fixtures.address("f")))
        #expect(
            status { try sized.uploadChunk(session: undeclared.id, offset: 0, data: Data(count: 10), finalize: true) }
                == 403)
        #expect(status { try Fixtures.upload(sized, "g", Data("abc".utf8)) } == nil)

        let typed = try Self.backend("allow create: if request.resource.contentType == 'image/png';")
        #expect(status { try typed.checkWrite(Fixtures.address("f")) } == nil)
        #expect(status { try typed.startUpload(UploadStart(object: Fixtures.address("f"))) } == 403)
        let png = ObjectMetadataFields(contentType: "image/png")
        #expect(status { try typed.startUpload(UploadStart(object: Fixtures.address("f"), metadata: png)) } == nil)

        let closed = try Self.backend("allow create: if request.auth != null;")
        #expect(status { try closed.checkWrite(Fixtures.address("f")) } == 403)
        #expect(status { try closed.checkWrite(Fixtures.address("f", auth: Fixtures.user)) } == nil)
        // A missing object may also be the target of a metadata update: the head refuses only what both refuse.
        let updates = try Self.backend("allow update;")
        #expect(status { try updates.checkWrite(Fixtures.address("f")) } == nil)
    }

    @Test func rulesForEveryBucketApplyWhereABucketHasNoneAndOutliveAReset() throws {
        let backend = ReferenceBackend()
        backend.setRulesForEveryBucket(try Self.rules("allow get;"))
        backend.setRules(try Self.rules("allow create;"), bucket: "own")
        try backend.seed(bucket: "any", name: "x", data: Data())
        #expect(status { try backend.getMetadata(Fixtures.address("x", bucket: "any")) } == nil)
        #expect(status { try Fixtures.upload(backend, "x", bucket: "any") } == 403)
        #expect(status { try Fixtures.upload(backend, "x", bucket: "own") } == nil)
        backend.reset()
        #expect(backend.rules(for: "own")?.source.name == "test.rules")
        #expect(status { try Fixtures.upload(backend, "y", bucket: "own") } == 403)
        backend.setRulesForEveryBucket(nil)
        #expect(backend.rules(for: "own") == nil)
    }

    /// Updates race on one object under a rule that ties each patch to the version it decided on: decided
    /// outside the lock, an update is applied only to the object it was decided on, so every update that is
    /// answered carries the metageneration it was decided against.
    @Test func aWriteActsOnlyOnTheObjectItWasDecidedOn() throws {
        let backend = try Self.backend(
            "allow create, get; allow update: if request.resource.metadata.seen == string(resource.metageneration);")
        try Fixtures.upload(backend, "counter")
        let mismatches = Locked(0)
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                for _ in 0..<50 {
                    guard let seen = try? backend.getMetadata(Fixtures.address("counter")) else { continue }
                    let patch = MetadataPatch(customMetadata: ["seen": String(seen.metageneration)])
                    guard let updated = try? backend.updateMetadata(Fixtures.address("counter"), patch: patch)
                    else { continue }
                    if updated.customMetadata["seen"] != String(updated.metageneration - 1) {
                        mismatches.withLock { $0 += 1 }
                    }
                }
            }
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(mismatches.withLock { $0 } == 0)
    }
}
