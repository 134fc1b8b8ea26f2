/// A parsed request line and header section, with the fields that steer the server core picked out.
struct RequestHead {
    var method: String
    var target: String
    var version: HTTPVersion
    var headers = HTTPHeaders()
    /// Values of `Content-Length`, `Transfer-Encoding`, `Connection` and `Expect` fields, in order.
    var contentLengths: [String] = []
    var transferEncodings: [String] = []
    var connectionOptions: [String] = []
    var expectations: [String] = []
    var hostCount = 0

    var isHead: Bool { method == "HEAD" }

    /// Whether the client wants the connection kept open after this exchange.
    var wantsKeepAlive: Bool {
        switch version {
        case .http11: return !hasConnectionOption("close")
        case .http10: return hasConnectionOption("keep-alive") && !hasConnectionOption("close")
        }
    }

    private func hasConnectionOption(_ option: String) -> Bool {
        connectionOptions.contains { value in
            value.split(separator: ",").contains { token in
                HTTPHeaders.namesMatch(String(token.trimmingASCIIWhitespace), option)
            }
        }
    }
}

/// The HTTP versions the server speaks.
enum HTTPVersion {
    case http10
    case http11

    var text: String {
        switch self {
        case .http10: return "HTTP/1.0"
        case .http11: return "HTTP/1.1"
        }
    }
}

extension Substring {
    var trimmingASCIIWhitespace: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
