import Foundation

/// A streaming MD5 (RFC 1321) hasher: feed bytes with `update(_:)` as they arrive, read the digest with
/// `finalize()` (which leaves the hasher untouched, so it may go on).
///
/// Used for an object's `md5Hash`; not for anything that needs security.
package struct MD5: Sendable {
    private var a: UInt32 = 0x6745_2301
    private var b: UInt32 = 0xefcd_ab89
    private var c: UInt32 = 0x98ba_dcfe
    private var d: UInt32 = 0x1032_5476
    private var byteCount: UInt64 = 0
    /// The bytes of an incomplete 64-byte block, waiting for more input.
    private var pending: [UInt8] = []

    package init() {}

    /// The 16-byte digest of `data`.
    package static func digest(of data: Data) -> [UInt8] {
        var hasher = MD5()
        hasher.update(data)
        return hasher.finalize()
    }

    package mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress, !bytes.isEmpty else { return }
        var remaining = bytes.count
        byteCount &+= UInt64(remaining)
        if !pending.isEmpty {
            let taken = min(64 - pending.count, remaining)
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: taken))
            base += taken
            remaining -= taken
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { block in
                if let blockBase = block.baseAddress { compress(blockBase, blocks: 1) }
            }
            pending.removeAll(keepingCapacity: true)
        }
        let blocks = remaining / 64
        if blocks > 0 {
            compress(base, blocks: blocks)
            base += blocks * 64
            remaining -= blocks * 64
        }
        if remaining > 0 {
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: remaining))
        }
    }

    /// The 16-byte digest of everything given so far.
    package func finalize() -> [UInt8] {
        var copy = self
        let bitCount = byteCount &* 8
        var padding: [UInt8] = [0x80]
        let afterMarker = (pending.count + 1) % 64
        padding += [UInt8](repeating: 0, count: (56 - afterMarker + 64) % 64)
        for shift in stride(from: 0, to: 64, by: 8) {
            padding.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift)))
        }
        padding.withUnsafeBytes { copy.update($0) }
        var digest: [UInt8] = []
        digest.reserveCapacity(16)
        for word in [copy.a, copy.b, copy.c, copy.d] {
            for shift in stride(from: 0, to: 32, by: 8) {
                digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
            }
        }
        return digest
    }

    /// The 64 round constants. Read from memory rather than written as literals: the optimizer then adds each
    /// to the message word off the dependency chain instead of last, on it (about 470 to 600 MB/s here).
    private static let roundConstants: [UInt32] = [
        0xd76a_a478, 0xe8c7_b756, 0x2420_70db, 0xc1bd_ceee,
        0xf57c_0faf, 0x4787_c62a, 0xa830_4613, 0xfd46_9501,
        0x6980_98d8, 0x8b44_f7af, 0xffff_5bb1, 0x895c_d7be,
        0x6b90_1122, 0xfd98_7193, 0xa679_438e, 0x49b4_0821,
        0xf61e_2562, 0xc040_b340, 0x265e_5a51, 0xe9b6_c7aa,
        0xd62f_105d, 0x0244_1453, 0xd8a1_e681, 0xe7d3_fbc8,
        0x21e1_cde6, 0xc337_07d6, 0xf4d5_0d87, 0x455a_14ed,
        0xa9e3_e905, 0xfcef_a3f8, 0x676f_02d9, 0x8d2a_4c8a,
        0xfffa_3942, 0x8771_f681, 0x6d9d_6122, 0xfde5_380c,
        0xa4be_ea44, 0x4bde_cfa9, 0xf6bb_4b60, 0xbebf_bc70,
        0x289b_7ec6, 0xeaa1_27fa, 0xd4ef_3085, 0x0488_1d05,
        0xd9d4_d039, 0xe6db_99e5, 0x1fa2_7cf8, 0xc4ac_5665,
        0xf429_2244, 0x432a_ff97, 0xab94_23a7, 0xfc93_a039,
        0x655b_59c3, 0x8f0c_cc92, 0xffef_f47d, 0x8584_5dd1,
        0x6fa8_7e4f, 0xfe2c_e6e0, 0xa301_4314, 0x4e08_11a1,
        0xf753_7e82, 0xbd3a_f235, 0x2ad7_d2bb, 0xeb86_d391,
    ]

    private mutating func compress(_ base: UnsafeRawPointer, blocks: Int) {
        Self.roundConstants.withUnsafeBufferPointer { constants in
            guard let k = constants.baseAddress else { return }
            compress(base, blocks: blocks, k)
        }
    }

    private mutating func compress(_ base: UnsafeRawPointer, blocks: Int, _ k: UnsafePointer<UInt32>) {
        var a = self.a
        var b = self.b
        var c = self.c
        var d = self.d
        var block = base
        for _ in 0..<blocks {
            func word(_ index: Int) -> UInt32 {
                UInt32(littleEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            }
            let m0 = word(0)
            let m1 = word(1)
            let m2 = word(2)
            let m3 = word(3)
            let m4 = word(4)
            let m5 = word(5)
            let m6 = word(6)
            let m7 = word(7)
            let m8 = word(8)
            let m9 = word(9)
            let m10 = word(10)
            let m11 = word(11)
            let m12 = word(12)
            let m13 = word(13)
            let m14 = word(14)
            let m15 = word(15)
            let (aa, bb, cc, dd) = (a, b, c, d)

            a = ff(a, b, c, d, m0, k[0], 7)
            d = ff(d, a, b, c, m1, k[1], 12)
            c = ff(c, d, a, b, m2, k[2], 17)
            b = ff(b, c, d, a, m3, k[3], 22)
            a = ff(a, b, c, d, m4, k[4], 7)
            d = ff(d, a, b, c, m5, k[5], 12)
            c = ff(c, d, a, b, m6, k[6], 17)
            b = ff(b, c, d, a, m7, k[7], 22)
            a = ff(a, b, c, d, m8, k[8], 7)
            d = ff(d, a, b, c, m9, k[9], 12)
            c = ff(c, d, a, b, m10, k[10], 17)
            b = ff(b, c, d, a, m11, k[11], 22)
            a = ff(a, b, c, d, m12, k[12], 7)
            d = ff(d, a, b, c, m13, k[13], 12)
            c = ff(c, d, a, b, m14, k[14], 17)
            b = ff(b, c, d, a, m15, k[15], 22)

            a = gg(a, b, c, d, m1, k[16], 5)
            d = gg(d, a, b, c, m6, k[17], 9)
            c = gg(c, d, a, b, m11, k[18], 14)
            b = gg(b, c, d, a, m0, k[19], 20)
            a = gg(a, b, c, d, m5, k[20], 5)
            d = gg(d, a, b, c, m10, k[21], 9)
            c = gg(c, d, a, b, m15, k[22], 14)
            b = gg(b, c, d, a, m4, k[23], 20)
            a = gg(a, b, c, d, m9, k[24], 5)
            d = gg(d, a, b, c, m14, k[25], 9)
            c = gg(c, d, a, b, m3, k[26], 14)
            b = gg(b, c, d, a, m8, k[27], 20)
            a = gg(a, b, c, d, m13, k[28], 5)
            d = gg(d, a, b, c, m2, k[29], 9)
            c = gg(c, d, a, b, m7, k[30], 14)
            b = gg(b, c, d, a, m12, k[31], 20)

            a = hh(a, b, c, d, m5, k[32], 4)
            d = hh(d, a, b, c, m8, k[33], 11)
            c = hh(c, d, a, b, m11, k[34], 16)
            b = hh(b, c, d, a, m14, k[35], 23)
            a = hh(a, b, c, d, m1, k[36], 4)
            d = hh(d, a, b, c, m4, k[37], 11)
            c = hh(c, d, a, b, m7, k[38], 16)
            b = hh(b, c, d, a, m10, k[39], 23)
            a = hh(a, b, c, d, m13, k[40], 4)
            d = hh(d, a, b, c, m0, k[41], 11)
            c = hh(c, d, a, b, m3, k[42], 16)
            b = hh(b, c, d, a, m6, k[43], 23)
            a = hh(a, b, c, d, m9, k[44], 4)
            d = hh(d, a, b, c, m12, k[45], 11)
            c = hh(c, d, a, b, m15, k[46], 16)
            b = hh(b, c, d, a, m2, k[47], 23)

            a = ii(a, b, c, d, m0, k[48], 6)
            d = ii(d, a, b, c, m7, k[49], 10)
            c = ii(c, d, a, b, m14, k[50], 15)
            b = ii(b, c, d, a, m5, k[51], 21)
            a = ii(a, b, c, d, m12, k[52], 6)
            d = ii(d, a, b, c, m3, k[53], 10)
            c = ii(c, d, a, b, m10, k[54], 15)
            b = ii(b, c, d, a, m1, k[55], 21)
            a = ii(a, b, c, d, m8, k[56], 6)
            d = ii(d, a, b, c, m15, k[57], 10)
            c = ii(c, d, a, b, m6, k[58], 15)
            b = ii(b, c, d, a, m13, k[59], 21)
            a = ii(a, b, c, d, m4, k[60], 6)
            d = ii(d, a, b, c, m11, k[61], 10)
            c = ii(c, d, a, b, m2, k[62], 15)
            b = ii(b, c, d, a, m9, k[63], 21)

            a = a &+ aa
            b = b &+ bb
            c = c &+ cc
            d = d &+ dd
            block += 64
        }
        self.a = a
        self.b = b
        self.c = c
        self.d = d
    }
}

@inline(__always)
private func rotate(_ x: UInt32, _ s: UInt32) -> UInt32 { (x &<< s) | (x &>> (32 - s)) }

@inline(__always)
private func ff(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ m: UInt32, _ k: UInt32, _ s: UInt32) -> UInt32 {
    b &+ rotate((a &+ m &+ k) &+ (d ^ (b & (c ^ d))), s)
}

@inline(__always)
private func gg(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ m: UInt32, _ k: UInt32, _ s: UInt32) -> UInt32 {
    b &+ rotate(((a &+ m &+ k) &+ (c & ~d)) &+ (b & d), s)
}

@inline(__always)
private func hh(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ m: UInt32, _ k: UInt32, _ s: UInt32) -> UInt32 {
    b &+ rotate((a &+ m &+ k) &+ (b ^ (c ^ d)), s)
}

@inline(__always)
private func ii(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ m: UInt32, _ k: UInt32, _ s: UInt32) -> UInt32 {
    b &+ rotate((a &+ m &+ k) &+ (c ^ (b | ~d)), s)
}
