import Foundation
import StorageHTTP

/// A response as the raw client parsed it.
struct RawResponse {
    let status: Int
    let reason: String
    let headers: HTTPHeaders
    let body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The `code` of a core error body `{"error":{"code":N,"message":"…"}}`, if the body has that shape.
    var errorCode: Int? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let error = object["error"] as? [String: Any]
        else { return nil }
        return error["code"] as? Int
    }

    var errorMessage: String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let error = object["error"] as? [String: Any]
        else { return nil }
        return error["message"] as? String
    }
}
