import Foundation
import StorageAPI
import Testing

/// A data directory's records are outside input: their numbers are read within range (sizes up to 5 TiB,
/// generations from 1 to 2^62 - 1), or the directory is refused naming the record; a number at the edge never
/// makes a later write trap (issue 25, arithmetic that cannot trap).
@Suite struct RecordNumbersTests {
    static let extremes = [
        "0", "-1", "4611686018427387904", "9223372036854775807", "18446744073709551616", "1e19",
        String(repeating: "9", count: 400),
    ]

    /// A directory holding one object on disk, its record's `field` set to `number`.
    private func directory(_ field: String, _ number: String) throws -> (ScratchDataDirectory, String) {
        let scratch = try ScratchDataDirectory()
        do {
            let service = try scratch.open()  // released at the end of the block, with the directory's lock
            try service.seed(bucket: "bkt", name: "o", data: Data("hello".utf8))
        }
        let record = try #require(scratch.names(in: "objects").first)
        let path = scratch.path + "/objects/" + record
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let range = try #require(text.range(of: "\"\(field)\":\"?[0-9]+\"?", options: .regularExpression))
        text.replaceSubrange(range, with: "\"\(field)\":\(number)")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (scratch, record)
    }

    @Test(arguments: extremes)
    func recordNumbersOutOfRangeAreRefusedNamingTheRecord(_ number: String) throws {
        for field in ["generation", "metageneration", "size"] {
            let (scratch, record) = try directory(field, number)
            do {
                _ = try scratch.open()
                Issue.record("\(field) \(number) was read")
            } catch {
                // A size of 0 is a byte count, which the blob's 5 bytes contradict.
                let named = "\(error)".contains(field) || (field == "size" && "\(error)".contains("has 5"))
                #expect("\(error)".contains(record) && named, "\(error)")
            }
        }
    }

    @Test func theLargestGenerationsStillTakeAWrite() throws {
        for field in ["generation", "metageneration"] {
            let (scratch, _) = try directory(field, "4611686018427387903")
            let service = try scratch.open()
            let object = ObjectAddress(bucket: "bkt", name: "o")
            _ = try service.updateMetadata(object, patch: MetadataPatch(customMetadata: ["k": "v"]))
            try service.seed(bucket: "bkt", name: "p", data: Data("x".utf8))
            #expect(try service.getMetadata(object).customMetadata == ["k": "v"])
        }
    }
}
