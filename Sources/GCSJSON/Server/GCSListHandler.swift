import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// `GET /storage/v1/b/{bucket}/o`: `prefix`, `delimiter`, `maxResults` (1–1000, default 1000; prefixes count
/// toward it, as on GCS), `pageToken`, `startOffset`, `endOffset` and `includeTrailingDelimiter`. Items are
/// whole object resources. `startOffset`/`endOffset` filter each page, so a page may hold fewer entries than
/// `maxResults` while a `nextPageToken` says more follow, which GCS allows too.
struct GCSListHandler {
    let backend: any StorageBackend
    let base: String

    func respond(_ request: StorageRequest, bucket: String) throws(BackendError) -> HTTPResponse {
        var maxResults: Int?
        if let text = request.query["maxResults"] {
            guard let number = JSONValue.decimalInteger(text), number >= 1 else {
                throw .badRequest("Invalid maxResults \"\(text)\": expected a whole number from 1.")
            }
            maxResults = Int(min(number, 1000))
        }
        let delimiter = request.query["delimiter"].flatMap { $0.isEmpty ? nil : $0 }
        let page = try backend.list(
            ListRequest(
                bucket: bucket, prefix: request.query["prefix"] ?? "", delimiter: delimiter, maxResults: maxResults,
                pageToken: request.query["pageToken"].flatMap { $0.isEmpty ? nil : $0 }, layer: .cloudStorage))
        let start = request.query["startOffset"] ?? ""
        let end = request.query["endOffset"]
        let inRange = { (name: String) in name >= start && end.map { name < $0 } ?? true }
        var items: [Data] = []
        for name in page.items where inRange(name) {
            // A name deleted between the listing and this read is left out, as if the list had come after it.
            do {
                let resource = try backend.getMetadata(ObjectAddress(bucket: bucket, name: name))
                items.append(GCSObjectJSON.encode(resource, base: base))
            } catch  where error.status == 404 {
                continue
            }
        }
        let prefixes = page.prefixes.filter(inRange)
        if request.query["includeTrailingDelimiter"] == "true" {
            for prefix in prefixes {
                if let resource = try? backend.getMetadata(ObjectAddress(bucket: bucket, name: prefix)) {
                    items.append(GCSObjectJSON.encode(resource, base: base))
                }
            }
        }
        var body = JSONObjectWriter()
        body.string("kind", "storage#objects")
        if !prefixes.isEmpty { body.value("prefixes", .array(prefixes.map(JSONValue.string))) }
        if !items.isEmpty { body.rawArray("items", items) }
        if let token = page.nextPageToken { body.string("nextPageToken", token) }
        return WireResponse.json(body.finish())
    }
}
