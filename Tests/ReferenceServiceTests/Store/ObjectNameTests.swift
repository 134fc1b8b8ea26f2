import Foundation
import ReferenceService
import StorageAPI
import Testing

@Suite struct ObjectNameTests {
    @Test func canonicallyEquivalentNamesAreDifferentObjects() throws {
        let backend = ReferenceBackend()
        let composed = "caf\u{E9}"  // é as one scalar (NFC)
        let decomposed = "cafe\u{301}"  // e + combining acute (NFD)
        #expect(composed == decomposed)  // Swift's String equality merges them; the service must not
        try Fixtures.upload(backend, composed, Data("nfc".utf8))
        try Fixtures.upload(backend, decomposed, Data("nfd".utf8))
        #expect(try Fixtures.read(backend, composed) == Data("nfc".utf8))
        #expect(try Fixtures.read(backend, decomposed) == Data("nfd".utf8))
        #expect(try backend.getMetadata(Fixtures.address(decomposed)).name.utf8.elementsEqual(decomposed.utf8))
        let listed = try backend.list(ListRequest(bucket: Fixtures.bucket)).items
        #expect(listed.count == 2)
        // Byte order: "cafe\u{301}" (0x65…) before "caf\u{E9}" (0xC3…).
        #expect(listed.map { Array($0.utf8) } == [Array(decomposed.utf8), Array(composed.utf8)])
    }

    @Test func slashesAreNotNormalized() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "a//b", Data("double".utf8))
        try Fixtures.upload(backend, "a/b", Data("single".utf8))
        #expect(try Fixtures.read(backend, "a//b") == Data("double".utf8))
        #expect(try Fixtures.read(backend, "a/b") == Data("single".utf8))
        try backend.deleteObject(Fixtures.address("a/b"))
        #expect(try Fixtures.read(backend, "a//b") == Data("double".utf8))
        #expect(status { try Fixtures.read(backend, "a/b") } == 404)
    }

    @Test func nameOf1024BytesIsAcceptedAnd1025Refused() {
        let backend = ReferenceBackend()
        #expect(status { try Fixtures.upload(backend, String(repeating: "x", count: 1024)) } == nil)
        let tooLong = failure { try Fixtures.upload(backend, String(repeating: "x", count: 1025)) }
        #expect(tooLong?.status == 400)
        #expect(tooLong?.message.contains("1025") == true)
    }

    @Test func limitCountsUTF8BytesNotCharacters() {
        let backend = ReferenceBackend()
        let twoByte = String(repeating: "\u{E9}", count: 512)  // 1024 bytes, 512 characters
        let fourByte = String(repeating: "\u{1F600}", count: 256)  // 1024 bytes, 256 characters
        #expect(status { try Fixtures.upload(backend, twoByte) } == nil)
        #expect(status { try Fixtures.upload(backend, fourByte) } == nil)
        #expect(status { try Fixtures.upload(backend, twoByte + "a") } == 400)
        #expect(status { try Fixtures.upload(backend, String(repeating: "\u{E9}", count: 513)) } == 400)
    }

    @Test(arguments: ["", "line\nbreak", "carriage\rreturn", "both\r\n", "\n"])
    func invalidNamesAre400OnEveryObjectOperation(name: String) {
        let backend = ReferenceBackend()
        let address = Fixtures.address(name)
        #expect(status { try backend.startUpload(UploadStart(object: address)) } == 400)
        #expect(status { try backend.readObject(ReadRequest(object: address)) } == 400)
        #expect(status { try backend.getMetadata(address) } == 400)
        #expect(status { try backend.updateMetadata(address, patch: MetadataPatch()) } == 400)
        #expect(status { try backend.deleteObject(address) } == 400)
        #expect(failure { try backend.getMetadata(address) }?.message.isEmpty == false)
    }

    @Test(arguments: [".", "..", "a\u{0}b", ".well-known/acme-challenge/token"])
    func namesCloudStorageRefusesAre400(name: String) {
        let backend = ReferenceBackend()
        #expect(status { try Fixtures.upload(backend, name) } == 400)
        #expect(status { try backend.getMetadata(Fixtures.address(name)) } == 400)
    }

    @Test func nameValidationComesBeforeRules() {
        let backend = ReferenceBackend()
        backend.setRules(Fixtures.denyAll, bucket: Fixtures.bucket)
        #expect(status { try backend.getMetadata(Fixtures.address("")) } == 400)
        #expect(status { try backend.getMetadata(Fixtures.address("ok")) } == 403)
    }

    @Test func unusualButValidNamesRoundTrip() throws {
        let backend = ReferenceBackend()
        for name in ["/leading", "trailing/", " spaced ", "%2F", "#?&", "...", "./a/../b", "tab\there"] {
            try Fixtures.upload(backend, name, Data(name.utf8))
            #expect(try Fixtures.read(backend, name) == Data(name.utf8), "\(name)")
            #expect(try backend.getMetadata(Fixtures.address(name)).name == name)
        }
    }
}
