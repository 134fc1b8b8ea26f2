import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// R3: `GET /v0/b/{bucket}/o?prefix=&delimiter=&maxResults=&pageToken=`.
///
/// `maxResults` must be a whole number from 1 to 1000 (else 400, where the emulator would loop or return
/// everything); the delimiter `/` or none (v0 accepts no other: 400); an empty `pageToken` is no token.
/// The rest is the service's.
package struct ListHandler {
    let backend: any StorageBackend

    package init(backend: any StorageBackend) {
        self.backend = backend
    }

    package func respond(_ request: StorageRequest, bucket: String) throws(BackendError) -> HTTPResponse {
        var maxResults: Int?
        if let text = request.query["maxResults"] {
            guard let number = JSONValue.decimalInteger(text), (1...1000).contains(number) else {
                throw .badRequest("maxResults must be a whole number from 1 to 1000, not \"\(text)\".")
            }
            maxResults = Int(number)
        }
        if let delimiter = request.query["delimiter"], !delimiter.isEmpty, delimiter != "/" {
            throw .badRequest("Invalid delimiter \"\(delimiter)\": v0 lists accept only \"/\".")
        }
        let token = request.query["pageToken"].flatMap { $0.isEmpty ? nil : $0 }
        let page = try backend.list(
            ListRequest(
                bucket: bucket, prefix: request.query["prefix"] ?? "", delimiter: request.query["delimiter"],
                maxResults: maxResults, pageToken: token, auth: request.auth))
        return WireResponse.json(ListPageJSON.encode(page, bucket: bucket))
    }
}
