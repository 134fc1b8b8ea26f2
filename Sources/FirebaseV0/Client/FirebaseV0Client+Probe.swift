import Foundation
import HTTPCore
import Primitives
import StorageAPI

/// What an endpoint turned out to be when asked once, before a run.
public enum EndpointIdentity: Sendable, Equatable {
    /// It answers Firebase Storage v0 requests (a list page or a v0 error body).
    case firebaseV0
    /// It does not speak v0, but answers the GCS JSON API (`GET /storage/v1/b` gave a bucket list).
    case gcsJSON(answer: String)
    /// It answers HTTP, but neither protocol: what it answered, in a few words.
    case other(answer: String)
}

extension FirebaseV0Client {
    /// Asks the endpoint one v0 question (a one-item list of `bucket`) and, when the answer is not v0, one
    /// GCS JSON API question, to tell the run what it is talking to. A transport failure is thrown.
    public func identify(probeBucket bucket: String) throws(BackendError) -> EndpointIdentity {
        let list = try exchange(
            OutgoingRequest(
                method: "GET", url: url(path: bucketPath(bucket), query: [("delimiter", "/"), ("maxResults", "1")])),
            auth: nil)
        if let json = try? JSONParser.parse(list.body) {
            let isListPage =
                list.isSuccess && (json["items"] != nil || json["prefixes"] != nil || Self.isEmptyObject(json))
            if isListPage || json["error"]?["message"] != nil { return .firebaseV0 }
        }
        let answer = Self.describe(list)
        let buckets = try? exchange(
            OutgoingRequest(method: "GET", url: url(path: "/storage/v1/b", query: [("project", "probe")])), auth: nil)
        if let buckets, buckets.isSuccess, let json = try? JSONParser.parse(buckets.body),
            json["kind"]?.stringValue == "storage#buckets" || json["items"] != nil
        {
            return .gcsJSON(answer: answer)
        }
        return .other(answer: answer)
    }

    private static func isEmptyObject(_ json: JSONValue) -> Bool {
        if case .object(let members) = json { return members.isEmpty }
        return false
    }

    /// `404 Not Found (text/html, 469 bytes: "<!DOCTYPE HTML …")`.
    static func describe(_ response: IncomingResponse) -> String {
        var text = "\(response.status) \(HTTPReasonPhrase.phrase(for: response.status))"
        let type = response.header("content-type") ?? "no Content-Type"
        let excerpt = String(decoding: response.body.prefix(60), as: UTF8.self)
            .unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : String($0) }.joined()
        text += " (\(type), \(response.body.count) bytes"
        text += response.body.isEmpty ? ")" : ": \"\(excerpt)\(response.body.count > 60 ? "…" : "")\")"
        return text
    }
}
