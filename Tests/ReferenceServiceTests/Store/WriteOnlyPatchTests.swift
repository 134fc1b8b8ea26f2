import Foundation
import ReferenceService
import StorageAPI
import Testing

/// A caller the rules let write an object but not read it learns nothing from a metadata update beyond what it
/// set itself (issue 25, point 11: the answer carried every custom key others had stored).
@Suite struct WriteOnlyPatchTests {
    private func dropBox() throws -> ReferenceBackend {
        let backend = ReferenceBackend()
        var metadata = ObjectMetadataFields(
            cacheControl: "private", contentDisposition: "attachment; filename=\"secret.txt\"", contentLanguage: "fr",
            contentType: "text/x-secret")
        metadata.customMetadata = ["owner": "alice", "secret": "s3cr3t"]
        try Fixtures.upload(backend, "drop/box", Data("the secret".utf8), metadata: metadata)
        backend.setRules(
            StorageRules(entries: [.init(path: "drop/**", operations: [.write])]), bucket: Fixtures.bucket)
        return backend
    }

    @Test func theAnswerHoldsOnlyWhatTheCallerSet() throws {
        let backend = try dropBox()
        let answer = try backend.updateMetadata(
            Fixtures.address("drop/box"),
            patch: MetadataPatch(fields: [.cacheControl: "no-store"], customMetadata: ["mine": "v", "owner": nil]))
        #expect(answer.customMetadata == ["mine": "v"])
        #expect(answer.cacheControl == "no-store")
        #expect(answer.contentType == nil && answer.contentDisposition == nil && answer.contentLanguage == nil)
        #expect(answer.md5Hash.isEmpty && answer.crc32c.isEmpty && answer.downloadTokens.isEmpty)
        #expect(answer.name == "drop/box" && answer.metageneration == 2)
        // What was stored is the whole object as patched.
        backend.setRules(.allowAll, bucket: Fixtures.bucket)
        let stored = try backend.getMetadata(Fixtures.address("drop/box"))
        #expect(stored.customMetadata == ["mine": "v", "secret": "s3cr3t"])
        #expect(stored.contentType == "text/x-secret" && stored.cacheControl == "no-store")
        #expect(!stored.md5Hash.isEmpty && stored.downloadTokens.count == 1)
    }

    /// Issue 36 item 10: update allowed, read denied; a PATCH naming a download token, then a GET with it, is
    /// refused, and the object keeps the token the service minted.
    @Test func aPatchCannotMintADownloadToken() throws {
        let backend = try dropBox()
        _ = try backend.updateMetadata(
            Fixtures.address("drop/box"),
            patch: MetadataPatch(customMetadata: [DownloadTokensMetadata.key: "attacker-token"]))
        #expect(throws: BackendError.self) {
            try backend.readObject(ReadRequest(object: Fixtures.address("drop/box"), downloadToken: "attacker-token"))
        }
        backend.setRules(.allowAll, bucket: Fixtures.bucket)
        let stored = try backend.getMetadata(Fixtures.address("drop/box"))
        #expect(stored.downloadTokens.count == 1 && stored.downloadTokens != ["attacker-token"])
        #expect(stored.customMetadata[DownloadTokensMetadata.key] == nil)
    }

    @Test func anEmptyPatchRevealsNothing() throws {
        let answer = try dropBox().updateMetadata(Fixtures.address("drop/box"), patch: MetadataPatch())
        #expect(answer.customMetadata.isEmpty && answer.contentType == nil && answer.md5Hash.isEmpty)
    }

    /// The table's audience column decides: each readers-only field of the answer is blank (what clearing it
    /// gives), each field shown to anyone is the object's own.
    @Test func theTableSaysWhatTheAnswerWithholds() throws {
        let backend = try dropBox()
        let answer = try backend.updateMetadata(Fixtures.address("drop/box"), patch: MetadataPatch())
        var blank = answer
        for field in ObjectField.all where !field.isDerived { field.set(nil, in: &blank) }
        backend.setRules(.allowAll, bucket: Fixtures.bucket)
        let stored = try backend.getMetadata(Fixtures.address("drop/box"))
        for field in ObjectField.all {
            let expected = field.audience == .readers ? blank : stored
            #expect(field.value(in: answer) == field.value(in: expected), "\(field)")
        }
    }
}
