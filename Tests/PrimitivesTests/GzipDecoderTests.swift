import Foundation
import Primitives
import Testing

/// gzip streams decompressed through `GzipDecoder`: stored, fixed and dynamic Huffman blocks, header fields, several
/// members, a long run that wraps the window, and streams that are cut short or fail their checks. The samples were
/// made by Python's gzip module.
@Suite struct GzipDecoderTests {
    private func decompress(_ base64: String, inputBlock: Int = 7) throws -> Data {
        let compressed = try #require(Data(base64Encoded: base64))
        var position = 0
        var output = Data()
        let total = try GzipDecoder.decompress(
            input: { buffer in
                let count = min(inputBlock, buffer.count, compressed.count - position)
                compressed.copyBytes(
                    to: buffer.bindMemory(to: UInt8.self), from: position..<(position + count))
                position += count
                return count
            },
            output: { output.append(contentsOf: $0) })
        #expect(total == Int64(output.count))
        return output
    }

    @Test(arguments: [
        "H4sIAAAAAAAC/8tIzcnJ11EoKUrMK07OT8nMSwcAv5SIwxIAAAA=",
        "H4sIAAAAAAAA/wESAO3/aGVsbG8sIHRyYW5zY29kaW5nv5SIwxIAAAA=",
        "H4sIGAAAAAAAA25hbWUudHh0AGEgY29tbWVudADLSM3JyddRKClKzCtOzk/JzEsHAL+UiMMSAAAA",
    ])
    func fixedStoredAndNamedStreamsGiveTheirText(_ sample: String) throws {
        #expect(try decompress(sample) == Data("hello, transcoding".utf8))
    }

    @Test func dynamicHuffmanBlocksGiveTheirLines() throws {
        let lines = (0..<300).map { "line \($0): the quick brown fox \($0 * $0 % 97)\n" }.joined()
        #expect(try decompress(Self.dynamic, inputBlock: 100) == Data(lines.utf8))
    }

    @Test func aLongRunWrapsTheWindowAndComesOutInBlocks() throws {
        #expect(try decompress(Self.zeros, inputBlock: 4096) == Data(count: 1 << 20))
    }

    @Test func membersFollowOneAnother() throws {
        #expect(
            try decompress("H4sIAAAAAAAC/0vLLCouUQAA/HrxHAYAAAAfiwgAAAAAAAL/K05Nzs9LAQBpER+2BgAAAA==")
                == Data("first second".utf8))
    }

    @Test(arguments: [
        ("H4sIAAAAAAAC/8tIzcnJ11EoKUrMK07OT8nMSwcAv5SIwxMAAAA=", "the size of member 1"),
        ("H4sIAAAAAAAC/8tIzcnJ11EoKUrMK07OT8nMSwcAv5Q=", "ends early"),
        ("H4sIAAAAAAAC/8tIzcnJ11EoKUrMK07OT8nMSwcAv5WIwxIAAAA=", "CRC-32"),
        ("aGVsbG8=", "not a gzip stream"),
    ])
    func damagedStreamsAreRefusedWithWhereAndWhy(_ sample: String, _ problem: String) throws {
        #expect { try decompress(sample) } throws: { error in
            (error as? GzipError)?.description.contains(problem) == true
        }
    }

    private static let dynamic =
        [
            "H4sIAAAAAAAC/4WZW85eNQxF3xnFN4Rj585wQK2oqFqBQDB8hP7YffnW9rPPyWUnjvdKvn759un1/Pz667dPrz/+/vLr769f/vz+",
            "z7fX5+//vp6fvv4ftfdR+4j6+2j/iLb30fMR7dDy/AiP92EfH+H5Ptzu3wsGdvve78PzDvy8D+87awPJ2g2DZn5bN1Jt3TjotvzG",
            "QbkIg3ItRg/SzfgftDtXeQPxWkwf1Ft3RzmoZ7d/B/nGbd9BvnOX3kG+fuV3kO/Engb9evQP+p1oH/QbMX/Qb98wyDev/A3k87t7",
            "Gsi3b/sN5BuRtCCf3+VpIN++qdVAvnnlbZS5MT+Qz+J/ku8ufyP9bryDfv3q00G/duffQT+L/0G/6J52391dHeTbV54O8q04VUG+",
            "Ff+DfCv6Pzo+Ht3+MD2+4Xp+o2l9RpfyjqFXZ0y9umPp3TG23l3j6N05H727p+nsmK6zazadnbPr7J5Dnw5z6tNlLn06za1Pt3nk",
            "4bgefbYu02fzcn22r6Zrw+q6tqyha9OauratpWvj2rq2rqNr8350bd+mvcF27S12k9Zkd+1s9tDOaE/trPaSxmxv7ev2KWzho13l",
            "MW1Kj2tPe5q2xKdLQ32GdONnSit/luSAs/XfR/ZtzyOHbo/pqdtTaGdP0+Lb0/Xq2TP08tszKy7Q+8+eXZDBcwo0IPRINkD4iHiR",
            "wUb0kXhA+JF8gACSfDT1KWZWHINGDDKyi6MPYiMK6QlppkuBeVFLjEDkZBddVzMjFNkRn7qamhfl2BBGsoujDYEhj8RaIZBE3rXC",
            "0xghSZgiIyaxbGFoW2ZEJTM/KIyhEZe01OFoa2pEJjEEIpOwxtYLb23EJmHOjehkZQtD44Ehn+QHq+piV4M8xTSJUVIogpRQehSM",
            "Z0QpudiEKbldCFRywxGp5JYdBSgbsUqmDcFKJh7RSqYu4Uom/yxuGwyBJYRCYokjjJAlD0FklogXFzZG0JIHOVFLlgLiliwmBC5Z",
            "jlZx62WELlkSiV2yqBK8ZFkmesnCvqqrQ+KXH3ePp7AnRDDRABFMGqRd3b4iw8RSEMWECkQxaRMJY9Jo7uL62ohk0uwSyqRdJpZJ",
            "w00wE0M4+u7fEGYi3vW7A9FM/j+L/lcx/l0JUEjoxDSxCE5QE8voBDWxEZygJraSP3ovOjGNZw9Tp4MT00RCOUJNxIuUdmKamQ8C",
            "po8VR6gJGfBJJe7krVePEqN4lSCoyWcJgpp8lyCoyYcJK8qME9Tk0wS+rYQOBDXxOEFME8XWvSjXjkyTXUxtGRyhJtYKoSbyzgvj",
            "4wQ1YZ2coMayBdf2zQlqZn5QWEgnqAkT6gQ1li0s6YOdmCaMtLfCijsxTZh5J6hZ2YJroHCEmvygV12MapCzmuYqhCKoCaV7AYdO",
            "TJOLTUyT24WgJjccQU1u2VFgthPUZNoQ1GTiEdRk6hLUZPKP4sLCEWpCKISaOMLwESamiVAT8eLix4lp8iAnpvnxSL2KYkJQk+Vo",
            "Fldojo8xMQaCmiyqBDVZlglqsrCv4jLSCWrSXCDUhFAENdnALgzSKi51HZkmloKgJlQgpkmbSEyTRnMXl+NOUJNmF99mYiUIaixb",
            "2NKx+9ZvDI5IE3GTxOFENPl/K/rXzzOORBMCnEpCYppcBIKaXMbDT1z/AVs97BQNJgAA",
        ].joined()

    private static let zeros =
        [
            "H4sIAAAAAAAC/+3BMQEAAADCoPVPbQhfoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAPgMc6jinAAAQ",
            "AA==",
        ].joined()
}
