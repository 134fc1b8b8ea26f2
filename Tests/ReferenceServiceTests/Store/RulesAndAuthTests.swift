import Foundation
import ReferenceService
import StorageAPI
import Testing

@Suite struct RulesAndAuthTests {
    @Test func unreadableTokenIs401OnEveryCall() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "file")
        for token in [
            IDToken.malformed, "", "a.b.c", "e30.e30.", "x.\(IDToken.unsigned(uid: "u").split(separator: ".")[0]).y",
        ] {
            let address = Fixtures.address("file", auth: token)
            #expect(status { try backend.startUpload(UploadStart(object: address)) } == 401, "\(token)")
            #expect(status { try backend.readObject(ReadRequest(object: address)) } == 401)
            #expect(status { try backend.getMetadata(address) } == 401)
            #expect(status { try backend.updateMetadata(address, patch: MetadataPatch()) } == 401)
            #expect(status { try backend.deleteObject(address) } == 401)
            #expect(status { try backend.list(ListRequest(bucket: Fixtures.bucket, auth: token)) } == 401)
        }
        #expect(try backend.getMetadata(Fixtures.address("file", auth: Fixtures.user)).name == "file")
    }

    @Test func deniedMissingObjectIs403AndAllowedMissingObjectIs404() {
        let backend = ReferenceBackend()
        backend.setRules(
            StorageRules(entries: [.init(path: "public/**", operations: [.read, .write])]), bucket: Fixtures.bucket)
        let denied = Fixtures.address("private/none")
        #expect(status { try backend.readObject(ReadRequest(object: denied)) } == 403)
        #expect(status { try backend.getMetadata(denied) } == 403)
        #expect(status { try backend.updateMetadata(denied, patch: MetadataPatch()) } == 403)
        #expect(status { try backend.deleteObject(denied) } == 403)
        let allowed = Fixtures.address("public/none")
        #expect(status { try backend.readObject(ReadRequest(object: allowed)) } == 404)
        #expect(status { try backend.getMetadata(allowed) } == 404)
        #expect(status { try backend.updateMetadata(allowed, patch: MetadataPatch()) } == 404)
        #expect(status { try backend.deleteObject(allowed) } == 404)
    }

    /// Production answers every denial alike (recorded: listAllFailed, listSinglePageFailed).
    @Test func denialsAnswerAsProductionDoes() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "file")
        backend.setRules(Fixtures.denyAll, bucket: Fixtures.bucket)
        let denied = "Permission denied. Could not perform this operation"
        #expect(failure { try backend.getMetadata(Fixtures.address("file")) }?.message == denied)
        #expect(failure { try backend.deleteObject(Fixtures.address("file")) }?.message == denied)
        #expect(failure { try backend.list(ListRequest(bucket: Fixtures.bucket)) }?.message == denied)
    }

    @Test func signedInRulesNeedASignedInCaller() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "users/file")
        backend.setRules(
            StorageRules(entries: [
                .init(path: "users/**", operations: Set(StorageRules.Operation.allCases), requiresSignIn: true)
            ]),
            bucket: Fixtures.bucket)
        #expect(status { try backend.getMetadata(Fixtures.address("users/file")) } == 403)
        #expect(status { try backend.list(ListRequest(bucket: Fixtures.bucket, prefix: "users/")) } == 403)
        #expect(try backend.getMetadata(Fixtures.address("users/file", auth: Fixtures.user)).name == "users/file")
        #expect(
            try backend.list(ListRequest(bucket: Fixtures.bucket, prefix: "users/", auth: Fixtures.user)).items == [
                "users/file"
            ])
        #expect(try Fixtures.upload(backend, "users/new", auth: Fixtures.user).name == "users/new")
        #expect(status { try Fixtures.upload(backend, "elsewhere", auth: Fixtures.user) } == 403)
    }

    @Test func operationsAreCheckedSeparately() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "file")
        backend.setRules(StorageRules(entries: [.init(path: "**", operations: [.read])]), bucket: Fixtures.bucket)
        #expect(try Fixtures.read(backend, "file") == Data("hello".utf8))
        #expect(status { try backend.updateMetadata(Fixtures.address("file"), patch: MetadataPatch()) } == 403)
        #expect(status { try backend.deleteObject(Fixtures.address("file")) } == 403)
        #expect(status { try backend.list(ListRequest(bucket: Fixtures.bucket)) } == 403)
    }

    @Test func rulesArePerBucket() throws {
        let backend = ReferenceBackend()
        backend.setRules(Fixtures.denyAll, bucket: "locked")
        #expect(backend.rules(for: "locked")?.source.text == Fixtures.denyAll.source)
        #expect(backend.rules(for: "open") == nil)
        #expect(status { try Fixtures.upload(backend, "file", bucket: "locked") } == 403)
        #expect(status { try Fixtures.upload(backend, "file", bucket: "open") } == nil)
    }

    @Test func rulesVersion1DeniesEveryList() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "a/b")
        backend.setRules(
            StorageRules(version: 1, entries: [.init(path: "**", operations: Set(StorageRules.Operation.allCases))]),
            bucket: Fixtures.bucket)
        let denied = failure { try backend.list(ListRequest(bucket: Fixtures.bucket)) }
        #expect(denied?.status == 403)
        #expect(denied?.message.contains("rules_version") == true)
        #expect(
            status { try backend.list(ListRequest(bucket: Fixtures.bucket, prefix: "a/", auth: Fixtures.user)) } == 403)
        #expect(try Fixtures.read(backend, "a/b") == Data("hello".utf8))
    }

    /// The list of `photos/2024/` is decided by the rules of its children, `photos/2024/{child}`.
    @Test func listRuleIsCheckedOnTheChildrenOfTheFolderListed() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "photos/2024/a.jpg")
        backend.setRules(
            StorageRules(entries: [.init(path: "photos/*/*", operations: [.list])]), bucket: Fixtures.bucket)
        #expect(
            try backend.list(ListRequest(bucket: Fixtures.bucket, prefix: "photos/2024/")).items == [
                "photos/2024/a.jpg"
            ])
        #expect(status { try backend.list(ListRequest(bucket: Fixtures.bucket, prefix: "photos/")) } == 403)
        #expect(status { try backend.list(ListRequest(bucket: Fixtures.bucket)) } == 403)
    }
}
