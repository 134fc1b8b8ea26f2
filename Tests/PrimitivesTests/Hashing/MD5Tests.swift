import Foundation
import Primitives
import TestSupport
import Testing

@Suite struct MD5Tests {
    /// The test suite of RFC 1321, appendix A.5.
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func rfc1321Vectors(input: String, expected: String) {
        #expect(hex(MD5.digest(of: Data(input.utf8))) == expected)
    }

    @Test func oneMillionAs() {
        #expect(
            hex(MD5.digest(of: Data(repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "7707d6ae4e027c70eea2a935c2296f21")
    }

    @Test func emptyInputGivesTheEmptyDigest() {
        let hasher = MD5()
        #expect(hex(hasher.finalize()) == "d41d8cd98f00b204e9800998ecf8427e")
    }

    /// Lengths around the 56- and 64-byte padding boundaries, fed whole and byte by byte.
    @Test(arguments: [55, 56, 57, 63, 64, 65, 119, 120, 128])
    func paddingBoundaries(length: Int) {
        let data = pattern(length, seed: UInt32(length))
        var bytewise = MD5()
        for byte in data { bytewise.update(Data([byte])) }
        #expect(bytewise.finalize() == MD5.digest(of: data))
        #expect(MD5.digest(of: data).count == 16)
    }

    @Test func streamingSplitAnywhereMatchesOneShot() {
        let data = pattern(300, seed: 7)
        let whole = MD5.digest(of: data)
        for split in [0, 1, 17, 63, 64, 65, 128, 200, 299, 300] {
            var hasher = MD5()
            hasher.update(data.prefix(split))
            hasher.update(data.dropFirst(split))
            #expect(hasher.finalize() == whole, "split at \(split)")
        }
    }

    @Test func finalizeLeavesTheHasherUsable() {
        var hasher = MD5()
        hasher.update(Data("message ".utf8))
        #expect(hex(hasher.finalize()) == hex(MD5.digest(of: Data("message ".utf8))))
        hasher.update(Data("digest".utf8))
        #expect(hex(hasher.finalize()) == "f96b697d7cb7938d525a2f31aaf161d0")
    }

    @Test func updateFromARawBuffer() {
        var hasher = MD5()
        Array("abc".utf8).withUnsafeBytes { hasher.update($0) }
        hasher.update(UnsafeRawBufferPointer(start: nil, count: 0))
        #expect(hex(hasher.finalize()) == "900150983cd24fb0d6963f7d28e17f72")
    }

    @Test func base64FormOfHelloWorld() {
        #expect(Data(MD5.digest(of: Data("hello world".utf8))).base64EncodedString() == "XrY7u+Ae7tCTyyK7j1rNww==")
    }
}
