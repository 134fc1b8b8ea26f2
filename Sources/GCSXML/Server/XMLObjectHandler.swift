import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// `/BUCKET/OBJECT`: read (`GET`, `HEAD`, with `Range` and the conditions of `XMLPreconditions`, `?generation=`),
/// write (`PUT`, the bytes streamed, the metadata from headers), copy (`PUT` with `x-goog-copy-source`) and delete.
struct XMLObjectHandler {
    let backend: any StorageBackend

    func read(_ request: StorageRequest, object: ObjectAddress) throws(BackendError) -> HTTPResponse {
        let resource = try backend.getMetadata(object)
        if let text = request.query["generation"], JSONValue.decimalInteger(text) != resource.generation {
            throw XMLErrorBody.coded(
                "NoSuchKey", status: 404, "The specified key does not exist at generation \(text).")
        }
        do {
            try XMLPreconditions(request.http).check(resource, read: true)
        } catch  where error.status == 304 {
            var headers = HTTPHeaders()
            XMLObjectHeaders.addReadHeaders(of: resource, to: &headers)
            return HTTPResponse(status: 304, headers: headers)
        }
        var response = try ObjectReadHandler(backend: backend).media(request, object: object)
        guard response.status < 300 else { return XMLErrorBody.rewrite(response) }
        // The object may have been replaced since its metadata was read: the answer says which generation it is.
        var current = resource
        if response.headers["x-goog-generation"] != String(resource.generation) {
            current = try backend.getMetadata(object)
        }
        XMLObjectHeaders.addReadHeaders(of: current, to: &response.headers)
        return response
    }

    func write(_ request: StorageRequest, object: ObjectAddress) throws(BackendError) -> HTTPResponse {
        try XMLPreconditions(request.http).check(object, on: backend, read: false)
        let resource = try backend.storeWhole(
            request.uploadBody, to: object, metadata: XMLObjectHeaders.limitedFields(from: request.http),
            layer: .cloudStorage)
        return HTTPResponse(status: 200, headers: XMLObjectHeaders.written(resource))
    }

    /// `x-goog-copy-source: BUCKET/OBJECT` (a leading `/` allowed, percent-decoded once); the metadata is the
    /// source's unless `x-goog-metadata-directive: REPLACE` takes the request's headers.
    func copy(_ request: StorageRequest, to destination: ObjectAddress, source header: String) throws(BackendError)
        -> HTTPResponse
    {
        let source = try Self.source(header)
        let original = try backend.getMetadata(source)
        try XMLPreconditions(request.http, source: true).check(original, read: false)
        try XMLPreconditions(request.http).check(destination, on: backend, read: false)
        let directive = request.header("x-goog-metadata-directive")?.trimmingCharacters(in: .whitespaces).uppercased()
        let fields: ObjectMetadataFields
        switch directive {
        case nil, "COPY"?: fields = XMLObjectHeaders.fields(of: original)
        case "REPLACE"?: fields = try XMLObjectHeaders.limitedFields(from: request.http)
        case let other?:
            throw XMLErrorBody.coded(
                "InvalidArgument", status: 400, "Invalid x-goog-metadata-directive \(other): COPY or REPLACE.")
        }
        let read = try backend.readObject(ReadRequest(object: source))
        guard read.totalSize == original.size else {
            throw XMLErrorBody.coded(
                "PreconditionFailed", status: 412, "The source object changed while it was copied.")
        }
        let copied = try backend.storeWhole(read.body, to: destination, metadata: fields, layer: .cloudStorage)
        var xml = XMLAnswer.writer()
        xml.open("CopyObjectResult")
        xml.element("LastModified", text: StorageDateFormat.string(from: copied.updated))
        xml.element("ETag", text: MediaETag.of(md5Base64: copied.md5Hash))
        xml.close("CopyObjectResult")
        var headers = XMLObjectHeaders.written(copied)
        headers["Content-Type"] = XMLErrorBody.contentType
        return HTTPResponse(status: 200, headers: headers, body: xml.data)
    }

    func delete(_ request: StorageRequest, object: ObjectAddress) throws(BackendError) -> HTTPResponse {
        try XMLPreconditions(request.http).check(object, on: backend, read: false)
        try backend.deleteObject(object)
        return HTTPResponse(status: 204)
    }

    private static func source(_ header: String) throws(BackendError) -> ObjectAddress {
        var text = header.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("/") { text.removeFirst() }
        guard let slash = text.firstIndex(of: "/"),
            let bucket = GCSEscaping.percentDecode(String(text[..<slash])),
            let name = GCSEscaping.percentDecode(String(text[text.index(after: slash)...])), !name.isEmpty
        else {
            throw XMLErrorBody.coded(
                "InvalidArgument", status: 400, "Invalid x-goog-copy-source \"\(header)\": expected BUCKET/OBJECT.")
        }
        return ObjectAddress(bucket: bucket, name: name)
    }
}
