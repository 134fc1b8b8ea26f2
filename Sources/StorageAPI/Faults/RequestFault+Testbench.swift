extension RequestFault.Action {
    /// Where storage-testbench cuts a `return-broken-stream` answer that names no size.
    package static let brokenStreamBytes: Int64 = 4

    /// The most KiB an instruction may name: 5 TiB, the largest object GCS holds.
    package static let largestKibibytes: Int64 = 5 * 1024 * 1024 * 1024

    /// Reads one instruction of storage-testbench's retry-test grammar (docs/gcs-dialect.md §6); nil when it is
    /// not in the grammar or names a size or time out of range:
    /// - `return-N`: answer status N (100…599) and do nothing;
    /// - `return-N-after-YK`: on an upload, keep the first Y KiB of its bytes, then answer N; the request whose bytes
    ///   reach Y KiB of the upload takes it, and any other request (a shorter one, a download) passes it over;
    /// - `return-reset-connection`: reset the connection;
    /// - `return-broken-stream[-after-YK]`: answer, resetting the connection after Y KiB of the body (4 bytes
    ///   without, as storage-testbench's streamer does);
    /// - `stall-for-Ts-after-YK`: answer, pausing T seconds (at most `RequestFault.longestStall`) after Y KiB of
    ///   the body.
    public init?(testbenchInstruction text: String) {
        switch text {
        case "return-reset-connection":
            self = .reset
            return
        case "return-broken-stream":
            self = .dropResponse(afterBytes: Self.brokenStreamBytes)
            return
        default:
            break
        }
        if let size = Self.kibibytes(after: "return-broken-stream-after-", in: text) {
            self = .dropResponse(afterBytes: size)
            return
        }
        if text.hasPrefix("stall-for-"), let marker = text.range(of: "s-after-") {
            let seconds = text[text.index(text.startIndex, offsetBy: "stall-for-".count)..<marker.lowerBound]
            guard seconds.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(seconds),
                value.isFinite, value >= 0, value <= RequestFault.longestStall,
                let size = Self.kibibytes(String(text[marker.upperBound...]))
            else { return nil }
            self = .stall(seconds: value, afterBytes: size)
            return
        }
        guard text.hasPrefix("return-") else { return nil }
        let parts = text.dropFirst("return-".count).split(
            separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard let status = Self.decimal(parts[0], limit: 599), status >= 100 else { return nil }
        if parts.count == 1 {
            self = .status(Int(status), retryAfter: nil)
            return
        }
        guard parts.count == 3, parts[1] == "after", let size = Self.kibibytes(String(parts[2])) else { return nil }
        self = .statusAfterRequestBytes(Int(status), afterBytes: size)
    }

    /// `256K` → 262,144 bytes.
    private static func kibibytes(_ text: String) -> Int64? {
        guard text.hasSuffix("K"), let value = decimal(text.dropLast(), limit: largestKibibytes) else { return nil }
        return value * 1024
    }

    private static func kibibytes(after prefix: String, in text: String) -> Int64? {
        guard text.hasPrefix(prefix) else { return nil }
        return kibibytes(String(text.dropFirst(prefix.count)))
    }

    /// Decimal digits only, at most `limit`; nil for anything else (signs, spaces, too many digits).
    private static func decimal(_ text: Substring, limit: Int64) -> Int64? {
        guard !text.isEmpty, text.utf8.count <= 19, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let value = Int64(text), value <= limit
        else { return nil }
        return value
    }
}
