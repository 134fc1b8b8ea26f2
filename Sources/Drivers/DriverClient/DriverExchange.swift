import Foundation
import HTTPCore
import Primitives

/// An HTTP exchange a driver's SDK made, as the driver reports it (`{"exchange": {…}}`, docs/driver-protocol.md
/// §2): read into the scenario's `ExchangeRecorder`, which redacts and cuts it as it does the runner's own.
/// Nothing in it is trusted: texts are cut before they are kept, headers beyond the first few are left out, and
/// the recorder keeps only the scenario's last exchanges.
package enum DriverExchange {
    /// The most headers kept on each side of one exchange.
    static let headerLimit = 32
    /// The longest method, header name or value kept, in characters; longer ones are cut.
    static let textLimit = 1024
    /// The longest URL kept, in characters.
    static let urlLimit = 8192

    /// Records the exchange `value` (the message's `exchange` member) into `recorder`.
    package static func record(_ value: JSONValue, into recorder: ExchangeRecorder) throws(DriverWire.Problem) {
        guard case .object = value else { throw DriverWire.Problem(description: "exchange: expected an object") }
        let method = String(try DriverWire.string(value, "method").prefix(textLimit))
        let address = String(try DriverWire.string(value, "url").prefix(urlLimit))
        guard let url = URL(string: address) ?? URL(string: "invalid:") else {
            throw DriverWire.Problem(description: "exchange.url: not a URL")
        }
        let request = OutgoingRequest(
            method: method, url: url, headers: try headers(value, "requestHeaders"),
            body: try body(value, "requestBody"))
        var response: IncomingResponse?
        if let status = try DriverWire.integer(value, "status", in: 100...999) {
            response = IncomingResponse(
                status: Int(status), headers: Dictionary(try headers(value, "responseHeaders")) { first, _ in first },
                body: try body(value, "responseBody") ?? Data(),
                request: "\(method) \(address)")
        }
        let error = try DriverWire.optionalString(value, "error").map { String($0.prefix(textLimit)) }
        recorder.record(request, response: response, error: response == nil ? error ?? "no answer" : error)
    }

    /// `{"name": "value", …}`, names lower-cased, at most `headerLimit` of them.
    private static func headers(_ value: JSONValue, _ key: String) throws(DriverWire.Problem) -> [(String, String)] {
        switch value[key] {
        case nil, .null?: return []
        case .object(let members)?:
            var headers: [(String, String)] = []
            for member in members.prefix(headerLimit) {
                guard let text = member.value.stringValue else {
                    throw DriverWire.Problem(description: "exchange.\(key).\(member.key): expected a string")
                }
                headers.append((String(member.key.prefix(textLimit)).lowercased(), String(text.prefix(textLimit))))
            }
            return headers
        case let other?:
            throw DriverWire.Problem(description: "exchange.\(key): expected an object, found \(other.kindDescription)")
        }
    }

    /// The body's text as the driver sent it (the line limit bounds it); the recorder cuts it.
    private static func body(_ value: JSONValue, _ key: String) throws(DriverWire.Problem) -> Data? {
        try DriverWire.optionalString(value, key).map { Data($0.utf8) }
    }
}
