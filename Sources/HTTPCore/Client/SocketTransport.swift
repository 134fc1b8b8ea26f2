import Foundation

/// Blocking HTTP/1.1 exchanges over plain TCP for `http://` endpoints, with keep-alive connections.
///
/// Waiting costs nothing: every wait is a `poll()` on the socket bounded by the timeout (the URLSession of
/// swift-corelibs-foundation spins a core while it waits for a slow answer). A request on a reused
/// connection that the server had closed is sent again once on a new connection, when it is idempotent or
/// no byte of it can have been processed.
final class SocketTransport: Sendable {
    let timeout: TimeInterval
    private let pool = ConnectionPool()

    init(timeout: TimeInterval) {
        self.timeout = timeout
        BrokenPipes.ignore()
    }

    private var timeoutMilliseconds: Int32 { Int32(clamping: Int((timeout * 1000).rounded(.up))) }

    func send(_ request: OutgoingRequest) throws(HTTPClientError) -> IncomingResponse {
        guard let host = request.url.host, !host.isEmpty else {
            throw HTTPClientError(.transport, "the URL has no host", request: request.described)
        }
        let port = request.url.port ?? 80
        let endpoint = "\(host):\(port)"
        let head = Self.head(of: request, host: host, port: port)
        var retried = false
        while true {
            let connection: ClientConnection
            if let pooled = pool.take(endpoint) {
                connection = pooled
            } else {
                do {
                    let socket = try ClientSocket.connect(
                        host: Self.unbracketed(host), port: port, timeoutMilliseconds: timeoutMilliseconds)
                    connection = ClientConnection(socket: socket, timeoutMilliseconds: timeoutMilliseconds)
                } catch {
                    throw HTTPClientError(.transport, "cannot connect: \(error.reason)", request: request.described)
                }
            }
            do {
                let (response, body) = try connection.exchange(
                    head: head, body: request.body, expectsBody: request.method != "HEAD")
                pool.giveBack(connection, to: endpoint)
                return IncomingResponse(
                    status: response.status, headers: response.headers, body: body, request: request.described)
            } catch {
                switch error {
                case .lost(let reason, let receivedNothing):
                    if receivedNothing, connection.wasUsed, !retried {
                        retried = true
                        continue
                    }
                    throw HTTPClientError(.transport, reason, request: request.described)
                case .timedOut:
                    throw HTTPClientError(
                        .transport, "no answer within \(Self.seconds(timeout)) s", request: request.described)
                case .malformed(let reason):
                    throw HTTPClientError(.malformedResponse, reason, request: request.described)
                case .cut(let reason, let head, let body):
                    var failure = HTTPClientError(.transport, reason, request: request.described)
                    failure.partialResponse = IncomingResponse(
                        status: head.status, headers: head.headers, body: body, request: request.described)
                    throw failure
                }
            }
        }
    }

    /// The request line and header fields; `Host` and `Content-Length` are always sent.
    private static func head(of request: OutgoingRequest, host: String, port: Int) -> [UInt8] {
        var target = request.url.path(percentEncoded: true)
        if target.isEmpty { target = "/" }
        if let query = request.url.query(percentEncoded: true) { target += "?" + query }
        var text = "\(request.method) \(target) HTTP/1.1\r\nHost: \(host)\(port == 80 ? "" : ":\(port)")\r\n"
        var sentLength = false
        for (name, value) in request.headers {
            if name.lowercased() == "host" { continue }
            if name.lowercased() == "content-length" { sentLength = true }
            text += "\(name): \(value)\r\n"
        }
        let bodyLength = request.body?.count ?? 0
        if !sentLength && (bodyLength > 0 || ["POST", "PUT", "PATCH"].contains(request.method)) {
            text += "Content-Length: \(bodyLength)\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// `[::1]` as `getaddrinfo` wants it: `::1`.
    private static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() ? String(Int(interval)) : String(interval)
    }
}
