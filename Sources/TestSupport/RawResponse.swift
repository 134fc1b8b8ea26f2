import Foundation
import HTTPCore

/// A response as the raw client parsed it.
package struct RawResponse {
    package let status: Int
    package let reason: String
    package let headers: HTTPHeaders
    package let body: [UInt8]

    package var text: String { String(decoding: body, as: UTF8.self) }

    /// The `code` of a core error body `{"error":{"code":N,"message":"…"}}`, if the body has that shape.
    package var errorCode: Int? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let error = object["error"] as? [String: Any]
        else { return nil }
        return error["code"] as? Int
    }

    package var errorMessage: String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let error = object["error"] as? [String: Any]
        else { return nil }
        return error["message"] as? String
    }
}
