import Foundation

/// One request the client sends.
package struct OutgoingRequest: Sendable {
    package var method: String
    package var url: URL
    package var headers: [(String, String)] = []
    package var body: Data?

    package init(method: String, url: URL, headers: [(String, String)] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// `PUT http://127.0.0.1:9199/v0/b/…`: how errors name the request.
    package var described: String { "\(method) \(url.absoluteString)" }
}

/// One answer the client received: any status, headers by lower-cased name, the whole body.
package struct IncomingResponse: Sendable {
    package var status: Int
    package var headers: [String: String]
    package var body: Data
    /// The request it answers, as `OutgoingRequest.described`.
    package var request: String

    package init(status: Int, headers: [String: String], body: Data, request: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.request = request
    }

    package func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    package var isSuccess: Bool { (200..<300).contains(status) }
}
