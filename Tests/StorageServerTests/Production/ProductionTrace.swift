import Foundation

/// One recording of `Tests/Fixtures/production-traces`: the exchanges between the Android SDK's tests and
/// production, in order (see that folder's README for the format).
struct ProductionTrace {
    /// One request and what production answered.
    struct Exchange {
        var method: String
        /// The path and query below the host, as sent (`/v0/b/fooey.appspot.com/o?name=…`).
        var target: String
        var requestHeaders: [(String, String)] = []
        /// The request body when it was recorded (PATCH bodies are; upload bodies are not).
        var requestBody: Data?
        var status = 0
        /// Header names lower-cased.
        var responseHeaders: [String: String] = [:]
        var responseBody = Data()

        func requestHeader(_ name: String) -> String? {
            requestHeaders.last { $0.0.lowercased() == name.lowercased() }?.1
        }

        /// `query` parameter of the target, percent-decoded.
        func query(_ name: String) -> String? {
            URLComponents(string: "http://h" + target)?.queryItems?.last { $0.name == name }?.value
        }

        /// The object name of an object URL (`/v0/b/B/o/NAME`), percent-decoded; nil for bucket URLs.
        var objectName: String? {
            let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
            guard let range = path.range(of: "/o/") else { return nil }
            return String(path[range.upperBound...]).removingPercentEncoding
        }

        var isMedia: Bool { query("alt") == "media" }
        var isUploadSession: Bool { query("upload_id") != nil }
        var uploadCommand: String? { requestHeader("X-Goog-Upload-Command") }

        /// When production answered (its `Date` header).
        var date: Date? {
            guard let text = responseHeaders["date"] else { return nil }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
            return formatter.date(from: text)
        }

        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: responseBody)) as? [String: Any]
        }
    }

    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/production-traces")

    let name: String
    let exchanges: [Exchange]

    init(named name: String) throws {
        self.name = name
        let text = try String(contentsOf: Self.folder.appendingPathComponent("\(name)_network.txt"), encoding: .utf8)
        exchanges = text.components(separatedBy: "<new>").dropFirst().map(Self.exchange)
    }

    private static func exchange(_ block: String) -> Exchange {
        var exchange = Exchange(method: "GET", target: "")
        var inHeaders = false
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if inHeaders, line.hasPrefix(" ") {
                let field = line.dropFirst()
                guard let colon = field.firstIndex(of: ":"), field[..<colon] != "null" else { continue }
                let value = field[field.index(after: colon)...]
                exchange.responseHeaders[field[..<colon].lowercased()] = String(value.dropFirst().dropLast())
                continue
            }
            inHeaders = false
            if let value = line.value(after: "Url:") {
                exchange.target = value.replacingOccurrences(of: "https://firebasestorage.googleapis.com", with: "")
            } else if let value = line.value(after: "setRequestMethod:") {
                exchange.method = value
            } else if let value = line.value(after: "setRequestProperty:"), let comma = value.firstIndex(of: ",") {
                exchange.requestHeaders.append((String(value[..<comma]), String(value[value.index(after: comma)...])))
            } else if let value = line.value(after: "getOutputStream:"), !value.isEmpty {
                exchange.requestBody = base64Prefix(value)
            } else if let value = line.value(after: "getResponseCode:") {
                exchange.status = Int(value) ?? 0
            } else if line.hasPrefix("getHeaderFields:") {
                inHeaders = true
            } else if let value = line.value(after: "getInputStream:") {
                exchange.responseBody = base64Prefix(value)
            } else if let value = line.value(after: "getErrorStream:") {
                exchange.responseBody = Data(value.utf8)
            }
        }
        return exchange
    }

    /// The bytes of a recorded body. The recorder encoded each read on its own, so a body is a run of base64
    /// texts, each padded with `=`; a read the SDK's test broke ends in `:Exception`, and a long body was cut
    /// mid-group: only whole 4-character groups count.
    private static func base64Prefix(_ text: String) -> Data {
        let characters = Array(text.utf8.prefix { $0 != UInt8(ascii: ":") })
        var bytes = Data()
        var segmentStart = 0
        var groupEnd = 4
        while groupEnd <= characters.count {
            if characters[groupEnd - 1] == UInt8(ascii: "=") || groupEnd + 4 > characters.count {
                guard let piece = Data(base64Encoded: Data(characters[segmentStart..<groupEnd])) else {
                    return Data(text.utf8)
                }
                bytes.append(piece)
                segmentStart = groupEnd
            }
            groupEnd += 4
        }
        return bytes
    }
}

extension Substring {
    fileprivate func value(after prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
