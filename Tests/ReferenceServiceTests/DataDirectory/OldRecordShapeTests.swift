import Foundation
import StorageAPI
import Testing

/// A record written before the field table drove the writable texts (members in the order main wrote them,
/// `contentEncoding` absent) still opens, with every field as it was stored.
@Suite struct OldRecordShapeTests {
    @Test func aRecordInTheOldShapeIsRead() throws {
        let scratch = try ScratchDataDirectory()
        do {
            let service = try scratch.open()
            try service.seed(bucket: "bkt", name: "o", data: Data("hello".utf8))
        }
        let record = try #require(scratch.names(in: "objects").first)
        let old = """
            {"bucket":"bkt","name":"o","size":"5","generation":"7","metageneration":"3",\
            "md5Hash":"XUFAKrxLKna5cZ2REBfFkg==","crc32c":"mnG7TA==","timeCreated":"2024-01-02T03:04:05.678Z",\
            "updated":"2024-01-02T03:04:06.000Z","downloadTokens":["t1"],"cacheControl":"no-cache",\
            "contentDisposition":"inline","contentLanguage":"fr","contentType":"text/plain","metadata":{"k":"v"}}
            """
        try Data(old.utf8).write(to: URL(fileURLWithPath: scratch.path + "/objects/" + record))
        let service = try scratch.open()
        let resource = try service.getMetadata(ObjectAddress(bucket: "bkt", name: "o"))
        #expect(resource.generation == 7 && resource.metageneration == 3 && resource.size == 5)
        #expect(resource.cacheControl == "no-cache" && resource.contentDisposition == "inline")
        #expect(resource.contentLanguage == "fr" && resource.contentType == "text/plain")
        #expect(resource.contentEncoding == "identity")
        #expect(resource.customMetadata == ["k": "v"] && resource.downloadTokens == ["t1"])
        #expect(resource.md5Hash == "XUFAKrxLKna5cZ2REBfFkg==" && resource.crc32c == "mnG7TA==")
    }
}
