import Foundation
import TestSupport

/// Replays one recording against `serve`, seeded with the state the recording implies, and lists every place
/// where `serve` answered differently from production.
///
/// Compared: the status; error codes and messages; the resumable protocol's headers; the keys of object JSON,
/// their JSON types and the values that do not depend on the instance (times, generations, etags, tokens and
/// the bucket do); list items, prefixes and paging; downloaded bytes, ranges and the media headers.
/// Upload sessions and page tokens are rewritten to the ones `serve` handed out.
struct ProductionReplay {
    /// Values of object JSON that must equal production's.
    static let portableFields = [
        "name", "contentType", "size", "contentEncoding", "contentDisposition", "contentLanguage", "cacheControl",
        "storageClass", "metadata",
    ]
    /// Upload protocol headers whose presence and value must equal production's.
    static let uploadHeaders = [
        "x-goog-upload-status", "x-goog-upload-chunk-granularity", "x-goog-upload-size-received",
    ]

    /// Production began giving uploads a default `contentDisposition` between the recordings of 10 October and
    /// 13 December 2016: objects in earlier recordings have none, so there the field is not compared.
    static let defaultDispositionSince = Date(timeIntervalSince1970: 1_481_587_200)

    let trace: ProductionTrace
    let seed: TraceSeed
    private(set) var differences: [String] = []
    private var sessionTarget: String?
    private var pageToken: String?
    /// Per object, the first metageneration seen in production's answers and in ours: only the steps count.
    private var firstMetageneration: [String: (recorded: Int, ours: Int)] = [:]

    init(_ trace: ProductionTrace) {
        self.trace = trace
        seed = TraceSeed(trace)
    }

    mutating func run(against served: ServedStorage) throws {
        try seed.apply(to: served.backend)
        for (index, exchange) in trace.exchanges.enumerated() {
            let label = "\(trace.name) #\(index + 1) \(exchange.method) \(exchange.target.prefix(90))"
            let response = try served.send(
                exchange.method, target(for: exchange), headers: headers(for: exchange), body: body(for: exchange))
            compare(exchange, response, label)
            remember(response)
        }
    }

    // MARK: - Requests

    private func target(for exchange: ProductionTrace.Exchange) -> String {
        if exchange.isUploadSession, let sessionTarget { return sessionTarget }
        guard let recorded = exchange.query("pageToken"), let pageToken else { return exchange.target }
        let encoded = recorded.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? recorded
        let ours = pageToken.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? pageToken
        return exchange.target.replacingOccurrences(of: "pageToken=" + encoded, with: "pageToken=" + ours)
    }

    private func headers(for exchange: ProductionTrace.Exchange) -> [(String, String)] {
        exchange.requestHeaders.filter { $0.0.lowercased() != "content-length" }
    }

    /// The recorded body, or one the recording implies: upload bodies are not recorded, only their lengths.
    private func body(for exchange: ProductionTrace.Exchange) -> [UInt8] {
        if let recorded = exchange.requestBody, !recorded.isEmpty { return Array(recorded) }
        let length = Int(exchange.requestHeader("Content-Length") ?? "") ?? 0
        guard let command = exchange.uploadCommand else { return Array(repeating: 0, count: length) }
        if command == "start" { return startBody(for: exchange) }
        let offset = Int(exchange.requestHeader("X-Goog-Upload-Offset") ?? "") ?? 0
        guard let name = exchange.query("name"), let content = seed.objects[name]?.bytes,
            content.count >= offset + length
        else { return Array(repeating: 0, count: length) }
        return Array(content[offset..<offset + length])
    }

    /// The metadata the SDK sent when it started the upload, as the final answer shows it.
    private func startBody(for exchange: ProductionTrace.Exchange) -> [UInt8] {
        var fields: [String: Any] = ["name": exchange.query("name") ?? ""]
        let final = trace.exchanges.last { $0.responseHeaders["x-goog-upload-status"] == "final" }?.json ?? [:]
        for key in ["contentType", "metadata"] { fields[key] = final[key] }
        return Array((try? JSONSerialization.data(withJSONObject: fields)) ?? Data())
    }

    private mutating func remember(_ response: RawResponse) {
        if let url = response.headers["X-Goog-Upload-URL"], let components = URLComponents(string: url) {
            sessionTarget = components.percentEncodedPath + "?" + (components.percentEncodedQuery ?? "")
        }
        if let token = response.json["nextPageToken"] as? String { pageToken = token }
    }

    // MARK: - Answers

    private mutating func compare(_ exchange: ProductionTrace.Exchange, _ response: RawResponse, _ label: String) {
        check(response.status == exchange.status, label, "status \(response.status), production \(exchange.status)")
        guard response.status == exchange.status else { return }
        for header in Self.uploadHeaders {
            let ours = response.headers[header]
            let recorded = exchange.responseHeaders[header]
            check(ours == recorded, label, "\(header) \(ours ?? "absent"), production \(recorded ?? "absent")")
        }
        if exchange.status >= 400 {
            compareError(exchange, response, label)
        } else if exchange.isMedia {
            compareMedia(exchange, response, label)
        } else if let recorded = exchange.json {
            if recorded["items"] != nil || recorded["prefixes"] != nil {
                compareList(recorded, response.json, label)
            } else {
                compareObject(exchange, recorded, response.json, label)
            }
        }
    }

    private mutating func compareError(_ exchange: ProductionTrace.Exchange, _ response: RawResponse, _ label: String) {
        guard let error = exchange.json?["error"] as? [String: Any] else { return }
        let message = error["message"] as? String
        check(response.errorCode == error["code"] as? Int, label, "error code \(response.errorCode ?? 0)")
        check(response.errorMessage == message, label, "error message \(response.errorMessage ?? "none")")
    }

    private mutating func compareMedia(_ exchange: ProductionTrace.Exchange, _ response: RawResponse, _ label: String) {
        for header in ["content-type", "content-range", "content-length", "content-disposition", "accept-ranges"] {
            let ours = response.headers[header]
            let recorded = exchange.responseHeaders[header]
            check(ours == recorded, label, "\(header) \(ours ?? "absent"), production \(recorded ?? "absent")")
        }
        let recordedBytes = Array(exchange.responseBody)
        check(response.body.starts(with: recordedBytes), label, "downloaded bytes differ from production's")
        guard let name = exchange.objectName, seed.objects[name]?.bytesKnown == true else { return }
        let etag = exchange.responseHeaders["etag"]
        check(
            response.headers["ETag"] == etag, label,
            "ETag \(response.headers["ETag"] ?? "absent"), production \(etag ?? "absent")")
    }

    private mutating func compareList(_ recorded: [String: Any], _ ours: [String: Any], _ label: String) {
        let names = { (json: [String: Any]) in
            (json["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        check(names(ours) == names(recorded), label, "items \(names(ours)), production \(names(recorded))")
        let prefixes = { (json: [String: Any]) in json["prefixes"] as? [String] ?? [] }
        check(
            prefixes(ours) == prefixes(recorded), label, "prefixes \(prefixes(ours)), production \(prefixes(recorded))")
        let more = (recorded["nextPageToken"] != nil, ours["nextPageToken"] != nil)
        check(
            more.0 == more.1, label,
            "nextPageToken \(more.1 ? "present" : "absent"), production \(more.0 ? "present" : "absent")")
        check(
            Set(ours.keys) == Set(recorded.keys), label,
            "keys \(ours.keys.sorted()), production \(recorded.keys.sorted())")
    }

    private mutating func compareObject(
        _ exchange: ProductionTrace.Exchange, _ recorded: [String: Any], _ ours: [String: Any], _ label: String
    ) {

        var ours = ours
        if let date = exchange.date, date < Self.defaultDispositionSince, recorded["contentDisposition"] == nil {
            ours["contentDisposition"] = nil
        }
        check(
            Set(ours.keys) == Set(recorded.keys), label,
            "keys \(ours.keys.sorted()), production \(recorded.keys.sorted())")
        for (key, value) in recorded where ours[key] != nil {
            check(
                Self.jsonType(ours[key]) == Self.jsonType(value), label,
                "\(key) is \(Self.jsonType(ours[key])), production \(Self.jsonType(value))")
        }
        for key in Self.portableFields {
            let same = (ours[key] as? NSObject) == (recorded[key] as? NSObject)
            check(same, label, "\(key) \(ours[key] ?? "absent"), production \(recorded[key] ?? "absent")")
        }
        guard let name = recorded["name"] as? String else { return }
        if seed.objects[name]?.bytesKnown == true {
            for key in ["md5Hash", "crc32c"] {
                check(ours[key] as? String == recorded[key] as? String, label, "\(key) \(ours[key] ?? "absent")")
            }
        }
        compareMetageneration(name, recorded, ours, label)
    }

    private mutating func compareMetageneration(
        _ name: String, _ recorded: [String: Any], _ ours: [String: Any], _ label: String
    ) {
        guard let production = Int(recorded["metageneration"] as? String ?? ""),
            let served = Int(ours["metageneration"] as? String ?? "")
        else { return }
        let first = firstMetageneration[name] ?? (production, served)
        firstMetageneration[name] = first
        check(
            production - first.recorded == served - first.ours, label,
            "metageneration went up by \(served - first.ours), production by \(production - first.recorded)")
    }

    private mutating func check(_ condition: Bool, _ label: String, _ difference: @autoclosure () -> String) {
        if !condition { differences.append("\(label): \(difference())") }
    }

    private static func jsonType(_ value: Any?) -> String {
        switch value {
        case nil: "absent"
        case is String: "string"
        case is [String: Any]: "object"
        case is [Any]: "array"
        case is NSNumber: "number"
        default: "other"
        }
    }
}
