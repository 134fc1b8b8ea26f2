import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// `GET /BUCKET`: the objects of a bucket as `ListBucketResult`, version 2 with `?list-type=2` (`continuation-token`,
/// `start-after`, `KeyCount`) or version 1 otherwise (`marker`, `NextMarker`); `prefix`, `delimiter` and `max-keys`
/// (up to 1000, prefixes counted with keys) in both. Every name is listed, under any prefix, as on GCS.
///
/// With `encoding-type=url` every name, prefix, delimiter and marker in the answer is percent-encoded. Without it, a
/// page holding a name with a character XML 1.0 cannot carry (a control character) is refused with 400: written
/// raw it would make the whole page unreadable, written escaped it would name another object (docs/xml-dialect.md).
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
        let urlEncoded = try Self.urlEncoding(query["encoding-type"])
        var page = ListPage()
        if maxKeys > 0 {
            page = try backend.list(
                ListRequest(
                    bucket: bucket, prefix: prefix, delimiter: delimiter, maxResults: maxKeys, pageToken: token,
                    layer: .cloudStorage, startAfter: token == nil ? startAfter : nil))
        } else {
            _ = try backend.list(ListRequest(bucket: bucket, delimiter: nil, maxResults: 1, layer: .cloudStorage))
        }
        if !urlEncoded, let name = (page.items + page.prefixes).first(where: { !Self.fitsXML($0) }) {
            throw XMLErrorBody.coded(
                "InvalidArgument", status: 400,
                "The object name \"\(GCSEscaping.escape(name))\" (percent-encoded here) holds a character XML 1.0 "
                    + "cannot carry; list with encoding-type=url.")
        }
        let text: (String) -> String = { urlEncoded ? GCSEscaping.queryEscape($0) : $0 }
        var xml = XMLAnswer.writer()
        xml.open("ListBucketResult", XMLAnswer.namespace)
        xml.element("Name", text: bucket)
        if urlEncoded { xml.element("EncodingType", text: "url") }
        xml.element("Prefix", text: text(prefix))
        if version2 {
            if let startAfter = query["start-after"] { xml.element("StartAfter", text: text(startAfter)) }
            if let token { xml.element("ContinuationToken", text: token) }
            xml.element("KeyCount", text: String(page.items.count + page.prefixes.count))
        } else {
            xml.element("Marker", text: text(query["marker"] ?? ""))
        }
        xml.element("MaxKeys", text: String(maxKeys))
        if let delimiter { xml.element("Delimiter", text: text(delimiter)) }
        xml.element("IsTruncated", text: page.nextPageToken == nil ? "false" : "true")
        if let next = page.nextPageToken {
            if version2 {
                xml.element("NextContinuationToken", text: next)
            } else if let last = [page.items.last, page.prefixes.last].compactMap({ $0 }).max(by: {
                Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
            }) {
                xml.element("NextMarker", text: text(last))
            }
        }
        for name in page.items {
            guard let resource = try? backend.getMetadata(ObjectAddress(bucket: bucket, name: name)) else { continue }
            xml.open("Contents")
            xml.element("Key", text: text(name))
            xml.element("Generation", text: String(resource.generation))
            xml.element("MetaGeneration", text: String(resource.metageneration))
            xml.element("LastModified", text: StorageDateFormat.string(from: resource.updated))
            xml.element("ETag", text: MediaETag.of(md5Base64: resource.md5Hash))
            xml.element("Size", text: String(resource.size))
            xml.element("StorageClass", text: resource.storageClass)
            xml.close("Contents")
        }
        for prefix in page.prefixes {
            xml.open("CommonPrefixes")
            xml.element("Prefix", text: text(prefix))
            xml.close("CommonPrefixes")
        }
        xml.close("ListBucketResult")
        var headers = HTTPHeaders()
        headers["Content-Type"] = XMLErrorBody.contentType
        return HTTPResponse(status: 200, headers: headers, body: xml.data)
    }

    /// Whether names are percent-encoded in the answer: `encoding-type=url`; any other value is refused.
    private static func urlEncoding(_ value: String?) throws(BackendError) -> Bool {
        guard let value else { return false }
        guard value.lowercased() == "url" else {
            throw XMLErrorBody.coded("InvalidArgument", status: 400, "Invalid encoding-type \(value): expected url.")
        }
        return true
    }

    /// Whether every character of `name` is one XML 1.0 can carry.
    private static func fitsXML(_ name: String) -> Bool {
        name.unicodeScalars.allSatisfy(XMLText.isLegal)
    }
}
