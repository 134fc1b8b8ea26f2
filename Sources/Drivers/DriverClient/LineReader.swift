import Foundation
import Primitives

/// Cuts what a pipe delivers into lines, for both ends of the driver protocol. Each byte is looked at once:
/// a long line (a 1 MiB upload in base64) arriving in 8 KiB reads costs no rescans.
package struct LineReader {
    private let handle: FileHandle
    private var pending = Data()
    /// How far `pending` has been searched for a newline.
    private var scanned = 0

    package init(_ handle: FileHandle) {
        self.handle = handle
    }

    package enum Next {
        case line(Data)
        /// The pipe closed.
        case end
        /// The line so far is longer than the limit.
        case tooLong
    }

    /// The next line without its `\n` (blank lines skipped), waiting for the pipe as needed.
    package mutating func next(limit: Int) -> Next {
        while true {
            if let newline = pending[(pending.startIndex + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(pending[pending.startIndex..<newline])
                pending = Data(pending[(newline + 1)...])
                scanned = 0
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { continue }
                return .line(line)
            }
            scanned = pending.count
            if pending.count > limit { return .tooLong }
            let chunk = handle.readAvailable()
            if chunk.isEmpty { return .end }
            pending.append(chunk)
        }
    }
}
