import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// XML multipart uploads of `/BUCKET/OBJECT`: `POST ?uploads` starts one (the metadata from its headers), `PUT
/// ?partNumber=N&uploadId=ID` sends a part, `GET ?uploadId=ID` lists the parts, `POST ?uploadId=ID` completes it
/// with a `CompleteMultipartUpload` body (the parts named in ascending order, each with its ETag, all but the last
/// at least 5 MiB), `DELETE ?uploadId=ID` aborts it.
struct XMLMultipartHandler {
    let backend: any StorageBackend
    let uploads: XMLMultipartUploads
    let base: String

    func initiate(_ request: StorageRequest, object: ObjectAddress) throws(BackendError) -> HTTPResponse {
        try backend.checkWrite(object)
        if let catalog = backend as? any BucketCatalog { _ = try catalog.bucket(object.bucket) }
        let metadata = try XMLObjectHeaders.limitedFields(from: request.http)
        let id = try uploads.initiate(object, metadata: metadata, client: Self.client(of: request.http))
        var xml = XMLAnswer.writer()
        xml.open("InitiateMultipartUploadResult", XMLAnswer.namespace)
        xml.element("Bucket", text: object.bucket)
        xml.element("Key", text: object.name)
        xml.element("UploadId", text: id)
        xml.close("InitiateMultipartUploadResult")
        return Self.xml(xml)
    }

    /// The client's address without its port: the uploads of one host count together.
    static func client(of http: HTTPRequest) -> String {
        let peer = http.remoteAddress
        if peer.hasPrefix("["), let close = peer.firstIndex(of: "]") { return String(peer[...close]) }
        guard let colon = peer.lastIndex(of: ":") else { return peer }
        return String(peer[..<colon])
    }

    func putPart(_ request: StorageRequest, object: ObjectAddress, upload id: String) throws(BackendError)
        -> HTTPResponse
    {
        let text = request.query["partNumber"] ?? ""
        guard let number = JSONValue.decimalInteger(text), (1...MultipartLimits.partNumbers).contains(number) else {
            throw XMLErrorBody.coded(
                "InvalidArgument", status: 400,
                "Invalid partNumber \"\(text)\": expected 1 to \(MultipartLimits.partNumbers).")
        }
        let etag = try uploads.put(request.body, number: Int(number), upload: id, of: object)
        var headers = HTTPHeaders()
        headers["ETag"] = "\"" + etag + "\""
        return HTTPResponse(status: 200, headers: headers)
    }

    func listParts(_ request: StorageRequest, object: ObjectAddress, upload id: String) throws(BackendError)
        -> HTTPResponse
    {
        let upload = try uploads.upload(id, of: object)
        let marker = request.query["part-number-marker"].flatMap { JSONValue.decimalInteger($0) } ?? 0
        let maxParts = Int(
            min(max(request.query["max-parts"].flatMap { JSONValue.decimalInteger($0) } ?? 1000, 0), 1000))
        let numbers = upload.parts.keys.sorted().filter { Int64($0) > marker }
        let shown = numbers.prefix(maxParts)
        var xml = XMLAnswer.writer()
        xml.open("ListPartsResult", XMLAnswer.namespace)
        xml.element("Bucket", text: object.bucket)
        xml.element("Key", text: object.name)
        xml.element("UploadId", text: id)
        xml.element("StorageClass", text: "STANDARD")
        xml.element("PartNumberMarker", text: String(marker))
        if let last = shown.last { xml.element("NextPartNumberMarker", text: String(last)) }
        xml.element("MaxParts", text: String(maxParts))
        xml.element("IsTruncated", text: shown.count < numbers.count ? "true" : "false")
        for number in shown {
            guard let part = upload.parts[number] else { continue }
            xml.open("Part")
            xml.element("PartNumber", text: String(number))
            xml.element("LastModified", text: StorageDateFormat.string(from: part.lastModified))
            xml.element("ETag", text: "\"" + part.etag + "\"")
            xml.element("Size", text: String(part.data.count))
            xml.close("Part")
        }
        xml.close("ListPartsResult")
        return Self.xml(xml)
    }

    func complete(_ request: StorageRequest, object: ObjectAddress, upload id: String) throws(BackendError)
        -> HTTPResponse
    {
        let upload = try uploads.upload(id, of: object)
        let named = try CompleteMultipartUploadXML.decode(request.body)
        for (previous, part) in zip(named, named.dropFirst()) where part.number <= previous.number {
            throw XMLErrorBody.coded(
                "InvalidPartOrder", status: 400,
                "The parts must be named in ascending order of PartNumber (\(part.number) follows \(previous.number)).")
        }
        var chosen: [Data] = []
        for (index, part) in named.enumerated() {
            guard let held = upload.parts[part.number], held.etag == part.etag else {
                throw XMLErrorBody.coded(
                    "InvalidPart", status: 400,
                    "Part \(part.number) was not uploaded, or its ETag is not \"\(part.etag)\".")
            }
            if index < named.count - 1, Int64(held.data.count) < MultipartLimits.smallestPart {
                throw XMLErrorBody.coded(
                    "EntityTooSmall", status: 400,
                    "Part \(part.number) holds \(held.data.count) bytes; every part but the last holds at least \(MultipartLimits.smallestPart)."
                )
            }
            chosen.append(held.data)
        }
        try XMLPreconditions(request.http).check(object, on: backend, read: false)
        let resource = try backend.storeWhole(
            ConcatenatedUploadBody(chosen), to: object, metadata: upload.metadata, layer: .cloudStorage)
        try? uploads.remove(id, of: object)
        var xml = XMLAnswer.writer()
        xml.open("CompleteMultipartUploadResult", XMLAnswer.namespace)
        xml.element(
            "Location", text: base + "/" + GCSEscaping.escape(object.bucket) + "/" + GCSEscaping.escape(object.name))
        xml.element("Bucket", text: object.bucket)
        xml.element("Key", text: object.name)
        xml.element("ETag", text: MediaETag.of(md5Base64: resource.md5Hash))
        xml.close("CompleteMultipartUploadResult")
        var response = Self.xml(xml)
        for (name, value) in XMLObjectHeaders.written(resource) { response.headers[name] = value }
        return response
    }

    func abort(object: ObjectAddress, upload id: String) throws(BackendError) -> HTTPResponse {
        try uploads.remove(id, of: object)
        return HTTPResponse(status: 204)
    }

    private static func xml(_ xml: XMLWriter) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers["Content-Type"] = XMLErrorBody.contentType
        return HTTPResponse(status: 200, headers: headers, body: xml.data)
    }
}

/// Parts one after another, as one upload's bytes.
final class ConcatenatedUploadBody: UploadBody {
    private let parts: [Data]
    private var part = 0
    private var offset = 0

    init(_ parts: [Data]) {
        self.parts = parts
    }

    var length: Int64 { parts.reduce(0) { $0 + Int64($1.count) } }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(BackendError) -> Int {
        while part < parts.count, offset >= parts[part].count {
            part += 1
            offset = 0
        }
        guard part < parts.count, !buffer.isEmpty else { return 0 }
        let data = parts[part]
        let count = min(buffer.count, data.count - offset)
        data.copyBytes(
            to: buffer.bindMemory(to: UInt8.self),
            from: (data.startIndex + offset)..<(data.startIndex + offset + count))
        offset += count
        return count
    }
}
