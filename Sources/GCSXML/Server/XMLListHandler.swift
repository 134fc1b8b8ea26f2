import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// `GET /BUCKET`: the objects of a bucket as `ListBucketResult`, version 2 with `?list-type=2` (`continuation-token`,
/// `start-after`, `KeyCount`) or version 1 otherwise (`marker`, `NextMarker`); `prefix`, `delimiter` and `max-keys`
/// (up to 1000, prefixes counted with keys) in both. Every name is listed, under any prefix, as on GCS.
struct XMLListHandler {
    let backend: any StorageBackend

    func respond(_ request: StorageRequest, bucket: String) throws(BackendError) -> HTTPResponse {
        let query = request.query
        let version2 = query["list-type"] == "2"
        if let type = query["list-type"], type != "2" {
            throw XMLErrorBody.coded("InvalidArgument", status: 400, "Invalid list-type \(type): expected 2.")
        }
        var maxKeys = 1000
        if let text = query["max-keys"] {
            guard let value = JSONValue.decimalInteger(text), value >= 0 else {
                throw XMLErrorBody.coded("InvalidArgument", status: 400, "Invalid max-keys \"\(text)\".")
            }
            maxKeys = Int(min(value, 1000))
        }
        let prefix = query["prefix"] ?? ""
        let delimiter = query["delimiter"].flatMap { $0.isEmpty ? nil : $0 }
        let token = version2 ? query["continuation-token"].flatMap { $0.isEmpty ? nil : $0 } : nil
        let startAfter = (version2 ? query["start-after"] : query["marker"]).flatMap { $0.isEmpty ? nil : $0 }
        var page = ListPage()
        if maxKeys > 0 {
            page = try backend.list(
                ListRequest(
                    bucket: bucket, prefix: prefix, delimiter: delimiter, maxResults: maxKeys, pageToken: token,
                    layer: .cloudStorage, startAfter: token == nil ? startAfter : nil))
        } else {
            _ = try backend.list(ListRequest(bucket: bucket, delimiter: nil, maxResults: 1, layer: .cloudStorage))
        }
        var xml = XMLWriter()
        xml.open("ListBucketResult", namespace: XMLWriter.s3Namespace)
        xml.element("Name", bucket)
        xml.element("Prefix", prefix)
        if version2 {
            if let startAfter = query["start-after"] { xml.element("StartAfter", startAfter) }
            if let token { xml.element("ContinuationToken", token) }
            xml.element("KeyCount", String(page.items.count + page.prefixes.count))
        } else {
            xml.element("Marker", query["marker"] ?? "")
        }
        xml.element("MaxKeys", String(maxKeys))
        if let delimiter { xml.element("Delimiter", delimiter) }
        xml.element("IsTruncated", page.nextPageToken == nil ? "false" : "true")
        if let next = page.nextPageToken {
            if version2 {
                xml.element("NextContinuationToken", next)
            } else if let last = [page.items.last, page.prefixes.last].compactMap({ $0 }).max(by: {
                Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
            }) {
                xml.element("NextMarker", last)
            }
        }
        for name in page.items {
            guard let resource = try? backend.getMetadata(ObjectAddress(bucket: bucket, name: name)) else { continue }
            xml.open("Contents")
            xml.element("Key", name)
            xml.element("Generation", String(resource.generation))
            xml.element("MetaGeneration", String(resource.metageneration))
            xml.element("LastModified", StorageDateFormat.string(from: resource.updated))
            xml.element("ETag", MediaETag.of(md5Base64: resource.md5Hash))
            xml.element("Size", String(resource.size))
            xml.element("StorageClass", resource.storageClass)
            xml.close("Contents")
        }
        for prefix in page.prefixes {
            xml.open("CommonPrefixes")
            xml.element("Prefix", prefix)
            xml.close("CommonPrefixes")
        }
        xml.close("ListBucketResult")
        var headers = HTTPHeaders()
        headers["Content-Type"] = XMLErrorBody.contentType
        return HTTPResponse(status: 200, headers: headers, body: xml.data)
    }
}
