/// How a request's body is delimited, decided from its head alone (RFC 9112 §6).
enum BodyFraming: Equatable {
    case none
    case length(Int)
    case chunked

    /// The framing of `head`'s body, or the error that refuses the request:
    /// 400 for conflicting or malformed framing, 413 for a declared length over `maxBodyBytes`,
    /// 501 for transfer codings other than `chunked`.
    init(head: RequestHead, maxBodyBytes: Int) throws {
        if !head.transferEncodings.isEmpty {
            guard head.contentLengths.isEmpty else {
                throw HTTPProtocolError.badRequest("Content-Length and Transfer-Encoding must not both be present.")
            }
            guard head.version == .http11 else {
                throw HTTPProtocolError.badRequest("Transfer-Encoding is not allowed in an HTTP/1.0 request.")
            }
            let codings = head.transferEncodings
                .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
                .map { $0.trimmingASCIIWhitespace.lowercased() }
            if codings.contains(where: \.isEmpty) {
                throw HTTPProtocolError.badRequest("Transfer-Encoding has an empty coding.")
            }
            if codings == ["chunked"] {
                self = .chunked
                return
            }
            if codings.allSatisfy({ $0 == "chunked" }) {
                throw HTTPProtocolError.badRequest("Transfer-Encoding applies chunked more than once.")
            }
            throw HTTPProtocolError(
                status: 501,
                message: "Transfer-Encoding '\(head.transferEncodings.joined(separator: ", "))' is not supported.")
        }
        guard !head.contentLengths.isEmpty else {
            self = .none
            return
        }
        var declared: Substring?
        for element in head.contentLengths.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let value = element.trimmingASCIIWhitespace
            guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                throw HTTPProtocolError.badRequest("Content-Length '\(value)' is not a non-negative integer.")
            }
            if let declared, declared != value {
                throw HTTPProtocolError.badRequest("Content-Length values disagree.")
            }
            declared = value
        }
        guard let declared else {
            throw HTTPProtocolError.badRequest("Content-Length is empty.")
        }
        let digits = declared.drop { $0 == "0" }
        guard digits.count <= 18, let length = Int(digits.isEmpty ? "0" : digits) else {
            throw HTTPProtocolError.bodyTooLarge
        }
        guard length <= maxBodyBytes else { throw HTTPProtocolError.bodyTooLarge }
        self = length == 0 ? .none : .length(length)
    }
}
