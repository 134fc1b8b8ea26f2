/// Decompresses a gzip stream (RFC 1952: one or more members, each DEFLATE data, RFC 1951, with its CRC-32 and size
/// checked), pulling the compressed bytes and pushing the decompressed ones in blocks, so neither is held whole.
///
/// ```swift
/// let size = try GzipDecoder.decompress(input: { buffer in try body.fill(buffer) }, output: { block in send(block) })
/// ```
package enum GzipDecoder {
    /// Reads the stream from `input` (fills the buffer it is given; 0 at the end) and hands each decompressed block
    /// to `output`; returns how many bytes were decompressed. Throws `GzipError` for data that is not gzip, is cut
    /// short or fails its checks, and rethrows what `input` or `output` throw.
    @discardableResult
    package static func decompress(
        input: (UnsafeMutableRawBufferPointer) throws -> Int, output: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int64 {
        try withoutActuallyEscaping(input) { input in
            try withoutActuallyEscaping(output) { output in try run(input: input, output: output) }
        }
    }

    private static func run(
        input: @escaping (UnsafeMutableRawBufferPointer) throws -> Int,
        output: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int64 {
        var bits = BitInput(input)
        var window = OutputWindow(output)
        var members = 0
        while true {
            guard try bits.hasMoreBytes() else {
                if members == 0 { throw GzipError("the stream is empty", offset: 0) }
                break
            }
            try readHeader(&bits)
            window.startMember()
            try Inflater.inflate(&bits, into: &window)
            try window.flush()
            bits.alignToByte()
            let crc = try bits.littleEndianWord()
            let size = try bits.littleEndianWord()
            guard crc == window.memberCRC else {
                throw GzipError("the CRC-32 of member \(members + 1) does not match its bytes", offset: bits.offset)
            }
            guard size == UInt32(truncatingIfNeeded: window.memberSize) else {
                throw GzipError("the size of member \(members + 1) does not match its bytes", offset: bits.offset)
            }
            members += 1
        }
        return window.total
    }

    private static func readHeader(_ bits: inout BitInput) throws {
        let start = bits.offset
        guard try bits.byte() == 0x1F, try bits.byte() == 0x8B else {
            throw GzipError("not a gzip stream (no 1f 8b magic)", offset: start)
        }
        guard try bits.byte() == 8 else {
            throw GzipError("a compression method other than DEFLATE", offset: start + 2)
        }
        let flags = try bits.byte()
        guard flags & 0xE0 == 0 else { throw GzipError("reserved header flags are set", offset: start + 3) }
        for _ in 0..<6 { _ = try bits.byte() }  // modification time, extra flags, operating system
        if flags & 0x04 != 0 {
            let length = Int(try bits.byte()) | Int(try bits.byte()) << 8
            for _ in 0..<length { _ = try bits.byte() }
        }
        if flags & 0x08 != 0 { while try bits.byte() != 0 {} }  // file name
        if flags & 0x10 != 0 { while try bits.byte() != 0 {} }  // comment
        if flags & 0x02 != 0 { _ = (try bits.byte(), try bits.byte()) }  // header CRC-16
    }
}

/// Pulls compressed bytes a block at a time and hands them out bit by bit, least significant first.
struct BitInput {
    private let input: (UnsafeMutableRawBufferPointer) throws -> Int
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var count = 0
    private var position = 0
    private var bitBuffer: UInt32 = 0
    private var bitCount = 0
    /// Bytes consumed before the current block.
    private var consumedBefore: Int64 = 0

    init(_ input: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) {
        self.input = input
    }

    var offset: Int64 { consumedBefore + Int64(position) }

    private mutating func refill() throws -> Bool {
        consumedBefore += Int64(count)
        position = 0
        count = try buffer.withUnsafeMutableBytes { try input($0) }
        return count > 0
    }

    mutating func hasMoreBytes() throws -> Bool {
        if position < count { return true }
        return try refill()
    }

    mutating func byte() throws -> UInt8 {
        if position >= count, try !refill() { throw GzipError("the stream ends early", offset: offset) }
        defer { position += 1 }
        return buffer[position]
    }

    /// The next `count` bits (at most 24), least significant first.
    mutating func bits(_ wanted: Int) throws -> UInt32 {
        while bitCount < wanted {
            bitBuffer |= UInt32(try byte()) << UInt32(bitCount)
            bitCount += 8
        }
        let value = bitBuffer & ((1 << UInt32(wanted)) - 1)
        bitBuffer >>= UInt32(wanted)
        bitCount -= wanted
        return value
    }

    /// Drops the bits left of the current byte (before a stored block or the trailer).
    mutating func alignToByte() {
        bitBuffer = 0
        bitCount = 0
    }

    mutating func littleEndianWord() throws -> UInt32 {
        var value: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) { value |= UInt32(try byte()) << UInt32(shift) }
        return value
    }
}

/// The last 32 KiB written (what back-references copy from) and the block of output not yet handed on.
struct OutputWindow {
    private let output: (UnsafeRawBufferPointer) throws -> Void
    private var history = [UInt8](repeating: 0, count: 1 << 15)
    private var historyEnd = 0
    private var pending: [UInt8] = []
    private(set) var total: Int64 = 0
    private(set) var memberSize: Int64 = 0
    private var crc = CRC32()

    init(_ output: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.output = output
        pending.reserveCapacity(1 << 16)
    }

    var memberCRC: UInt32 { crc.value }

    mutating func startMember() {
        memberSize = 0
        crc = CRC32()
        historyEnd = 0
    }

    mutating func append(_ byte: UInt8) throws {
        history[historyEnd & 0x7FFF] = byte
        historyEnd += 1
        pending.append(byte)
        memberSize += 1
        if pending.count >= 1 << 16 { try flush() }
    }

    /// Copies `length` bytes from `distance` back (they may overlap what is being written).
    mutating func copy(distance: Int, length: Int, offset: Int64) throws {
        guard distance <= min(historyEnd, 1 << 15) else {
            throw GzipError("a back-reference reaches before the start of the data", offset: offset)
        }
        for _ in 0..<length { try append(history[(historyEnd - distance) & 0x7FFF]) }
    }

    mutating func flush() throws {
        guard !pending.isEmpty else { return }
        try pending.withUnsafeBytes { bytes in
            crc.update(bytes)
            try output(bytes)
        }
        total += Int64(pending.count)
        pending.removeAll(keepingCapacity: true)
    }
}

/// DEFLATE's blocks: stored, fixed Huffman and dynamic Huffman (RFC 1951 §3.2).
enum Inflater {
    static func inflate(_ bits: inout BitInput, into window: inout OutputWindow) throws {
        var last = false
        while !last {
            last = try bits.bits(1) == 1
            switch try bits.bits(2) {
            case 0: try stored(&bits, &window)
            case 1: try codes(&bits, &window, literals: fixedLiterals, distances: fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables(&bits)
                try codes(&bits, &window, literals: literals, distances: distances)
            default: throw GzipError("a block of the reserved type 3", offset: bits.offset)
            }
        }
    }

    private static func stored(_ bits: inout BitInput, _ window: inout OutputWindow) throws {
        bits.alignToByte()
        let length = Int(try bits.byte()) | Int(try bits.byte()) << 8
        let complement = Int(try bits.byte()) | Int(try bits.byte()) << 8
        guard length == ~complement & 0xFFFF else {
            throw GzipError("a stored block's length does not match its complement", offset: bits.offset)
        }
        for _ in 0..<length { try window.append(try bits.byte()) }
    }

    private static let lengthBase: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra: [Int] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra: [Int] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    private static func codes(
        _ bits: inout BitInput, _ window: inout OutputWindow, literals: HuffmanTable, distances: HuffmanTable
    ) throws {
        while true {
            let symbol = try literals.decode(&bits)
            if symbol < 256 {
                try window.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < lengthBase.count else { throw GzipError("an invalid length code", offset: bits.offset) }
                let length = lengthBase[index] + Int(try bits.bits(lengthExtra[index]))
                let code = try distances.decode(&bits)
                guard code < distanceBase.count else {
                    throw GzipError("an invalid distance code", offset: bits.offset)
                }
                let distance = distanceBase[code] + Int(try bits.bits(distanceExtra[code]))
                try window.copy(distance: distance, length: length, offset: bits.offset)
            }
        }
    }

    private static let fixedLiterals = HuffmanTable(
        lengths: [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112)
            + [UInt8](repeating: 7, count: 24) + [UInt8](repeating: 8, count: 8))
    private static let fixedDistances = HuffmanTable(lengths: [UInt8](repeating: 5, count: 30))

    /// The order the code-length code lengths come in.
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static func dynamicTables(_ bits: inout BitInput) throws -> (HuffmanTable, HuffmanTable) {
        let literalCount = Int(try bits.bits(5)) + 257
        let distanceCount = Int(try bits.bits(5)) + 1
        let codeLengthCount = Int(try bits.bits(4)) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw GzipError("a dynamic block with too many codes", offset: bits.offset)
        }
        var codeLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengths[codeLengthOrder[index]] = UInt8(try bits.bits(3)) }
        let codeLengthTable = HuffmanTable(lengths: codeLengths)
        var lengths: [UInt8] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeLengthTable.decode(&bits)
            switch symbol {
            case 0...15:
                lengths.append(UInt8(symbol))
            case 16:
                guard let previous = lengths.last else {
                    throw GzipError("a repeat of no previous code length", offset: bits.offset)
                }
                lengths += [UInt8](repeating: previous, count: 3 + Int(try bits.bits(2)))
            case 17:
                lengths += [UInt8](repeating: 0, count: 3 + Int(try bits.bits(3)))
            default:
                lengths += [UInt8](repeating: 0, count: 11 + Int(try bits.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount, lengths[256] != 0 else {
            throw GzipError("a dynamic block's code lengths are inconsistent", offset: bits.offset)
        }
        return (
            HuffmanTable(lengths: Array(lengths[..<literalCount])),
            HuffmanTable(lengths: Array(lengths[literalCount...]))
        )
    }
}

/// A canonical Huffman code, decoded a bit at a time (counts of codes per length, symbols in code order).
struct HuffmanTable {
    private var counts = [Int](repeating: 0, count: 16)
    private var symbols: [Int] = []

    init(lengths: [UInt8]) {
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
        symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length != 0 {
            symbols[offsets[Int(length)]] = symbol
            offsets[Int(length)] += 1
        }
    }

    func decode(_ bits: inout BitInput) throws -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1..<16 {
            code |= Int(try bits.bits(1))
            let count = counts[length]
            if code - first < count { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw GzipError("a code that the block's Huffman table does not have", offset: bits.offset)
    }
}
