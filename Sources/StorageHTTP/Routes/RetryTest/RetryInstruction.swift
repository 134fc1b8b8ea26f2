import Foundation
import StorageModel

/// One fault of a retry test, in storage-testbench's grammar (docs/gcs-dialect.md §6).
enum RetryInstruction: Sendable, Equatable {
    /// `return-N`: answer status N and do nothing.
    case status(Int)
    /// `return-N-after-YK`: on an upload, store the first Y KiB of the body, then answer status N; elsewhere
    /// the same as `return-N`.
    case statusAfter(Int, kibibytes: Int)
    /// `return-reset-connection`: reset the connection and do nothing.
    case reset
    /// `return-broken-stream` and `return-broken-stream-after-YK`: do the operation, then reset the connection
    /// after the response head and Y KiB of its body (half the body without `-after`).
    case brokenStream(kibibytes: Int?)
    /// `stall-for-Ts-after-YK`: do the operation, send the head and Y KiB of the body, wait T seconds (a finite
    /// number up to `longestStall`), send the rest.
    case stall(seconds: Double, kibibytes: Int)

    /// Reads one instruction; nil when it is not in the grammar or its numbers are out of range (Y KiB beyond
    /// the largest object, T not from 0 to `longestStall`).
    init?(_ text: String) {
        if text == "return-reset-connection" {
            self = .reset
            return
        }
        if text == "return-broken-stream" {
            self = .brokenStream(kibibytes: nil)
            return
        }
        if let size = Self.kibibytes(after: "return-broken-stream-after-", in: text) {
            self = .brokenStream(kibibytes: size)
            return
        }
        if text.hasPrefix("stall-for-"), let marker = text.range(of: "s-after-") {
            let seconds = text[text.index(text.startIndex, offsetBy: "stall-for-".count)..<marker.lowerBound]
            guard let value = Double(seconds).flatMap({ CheckedNumber.seconds($0, upTo: Self.longestStall) }),
                let size = Self.kibibytes(String(text[marker.upperBound...]))
            else { return nil }
            self = .stall(seconds: value, kibibytes: size)
            return
        }
        guard text.hasPrefix("return-") else { return nil }
        let rest = text.dropFirst("return-".count)
        let parts = rest.split(separator: "-", maxSplits: 2)
        guard let status = Int(parts.first ?? ""), (100...599).contains(status) else { return nil }
        if parts.count == 1 {
            self = .status(status)
            return
        }
        guard parts.count == 3, parts[1] == "after", let size = Self.kibibytes(String(parts[2])) else { return nil }
        self = .statusAfter(status, kibibytes: size)
    }

    /// The longest stall an instruction may ask for, in seconds: a fault never holds a connection longer.
    static let longestStall: Double = 60
    /// The most KiB an instruction may name: as many as the largest object holds, so `Y * 1024` cannot overflow.
    static let largestKibibytes = Int(CheckedNumber.largestObject / 1024)

    /// `256K` → 256; nil past `largestKibibytes`.
    private static func kibibytes(_ text: String) -> Int? {
        guard text.hasSuffix("K") else { return nil }
        return CheckedNumber.decimal(text.dropLast(), in: 0...Int64(largestKibibytes)).map(Int.init)
    }

    private static func kibibytes(after prefix: String, in text: String) -> Int? {
        guard text.hasPrefix(prefix) else { return nil }
        return kibibytes(String(text.dropFirst(prefix.count)))
    }
}
