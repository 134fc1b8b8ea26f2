/// A connection's peer as `HTTPRequest.remoteAddress` gives it: `address:port`, `[address]:port` for IPv6.
enum PeerAddress {
    /// Whether `peer` is on loopback: 127.0.0.0/8, `::1`, or 127.0.0.0/8 mapped into IPv6. An empty address is a
    /// request built in process, which never crossed a network.
    static func isLoopback(_ peer: String) -> Bool {
        if peer.isEmpty { return true }
        var address = Substring(peer)
        if address.hasPrefix("["), let close = address.firstIndex(of: "]") {
            address = address[address.index(after: address.startIndex)..<close]
        } else if let colon = address.lastIndex(of: ":") {
            address = address[..<colon]
        }
        let lower = address.lowercased()
        if lower == "::1" || lower == "0:0:0:0:0:0:0:1" { return true }
        for prefix in ["::ffff:", "0:0:0:0:0:ffff:"] where lower.hasPrefix(prefix) {
            return isIPv4Loopback(lower.dropFirst(prefix.count))
        }
        return isIPv4Loopback(Substring(lower))
    }

    private static func isIPv4Loopback(_ address: Substring) -> Bool {
        let parts = address.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) })
        else { return false }
        return parts[0] == "127"
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
