import Foundation
import HTTPCore
import StorageAPI

/// R1 and R2: an object's metadata (`GET …/o/{object}`) and its bytes (`?alt=media`, with `Range` and
/// `token=`), decompressed when `DecompressiveTranscoding` says so. HEAD answers the same headers without the body.
package struct ObjectReadHandler {
    package let backend: any StorageBackend

    package init(backend: any StorageBackend) {
        self.backend = backend
    }

    package func respond(_ request: StorageRequest, object: ObjectAddress) throws(BackendError) -> HTTPResponse {
        switch request.query["alt"] {
        case nil, "json"?:
            return WireResponse.resource(try backend.getMetadata(object))
        case "media"?:
            return try media(request, object: object)
        case let other?:
            throw .badRequest("Unsupported alt=\(other): use alt=media for the bytes, or no alt for the metadata.")
        }
    }

    package func media(_ request: StorageRequest, object: ObjectAddress) throws(BackendError) -> HTTPResponse {
        let token = request.query["token"]
        let range = ByteRange(header: request.header("Range"))
        var read: ObjectRead
        var contentRange: String?
        do {
            switch range {
            case .whole:
                read = try backend.readObject(ReadRequest(object: object, downloadToken: token))
            case .from(let first, let last):
                read = try backend.readObject(
                    ReadRequest(
                        object: object, offset: first, length: Self.length(from: first, through: last),
                        downloadToken: token, ifRange: request.header("If-Range")?.trimmingCharacters(in: .whitespaces))
                )
                // An If-Range that no longer matches gets the whole current object with 200, as HTTP says.
                if read.totalSize > 0, read.offset == first {
                    contentRange = ContentRange.bytes(from: first, count: read.count, of: read.totalSize).header
                }
            case .suffix(let count):
                read = try backend.readObject(ReadRequest(object: object, downloadToken: token))
                guard count > 0 || read.totalSize == 0 else {
                    return unsatisfiable(size: read.totalSize, "The range bytes=-0 selects no bytes.")
                }
                let start = max(0, read.totalSize - count)
                read = read.dropFirst(start)
                if read.totalSize > 0 {
                    contentRange =
                        ContentRange.bytes(from: start, count: read.totalSize - start, of: read.totalSize).header
                }
            case .malformed:
                let size = try backend.readObject(
                    ReadRequest(object: object, offset: 0, length: 0, downloadToken: token)
                ).totalSize
                return unsatisfiable(size: size, "Malformed Range header: \(request.header("Range") ?? "")")
            }
        } catch let error where error.status == 416 {
            // A range past the stored bytes may be within what a transcoded download sends: it is ignored then.
            if token == nil, let resource = try? backend.getMetadata(object),
                DecompressiveTranscoding.applies(to: resource, acceptEncoding: request.header("Accept-Encoding"))
            {
                return try transcoded(request, object: object, resource: resource, whole: nil)
            }
            let size = try? backend.readObject(ReadRequest(object: object, offset: 0, length: 0, downloadToken: token))
                .totalSize
            return unsatisfiable(size: size, error.message)
        }
        let resource = read.resource ?? (try? backend.getMetadata(object))
        if let resource, resource.size == read.totalSize,
            DecompressiveTranscoding.applies(to: resource, acceptEncoding: request.header("Accept-Encoding"))
        {
            let whole = read.offset == 0 && read.count == read.totalSize ? read : nil
            return try transcoded(request, object: object, resource: resource, whole: whole)
        }
        var headers = HTTPHeaders()
        headers["Accept-Ranges"] = "bytes"
        decorate(&headers, with: resource, size: read.totalSize, etag: read.etag, request: request)
        if let contentRange { headers["Content-Range"] = contentRange }
        return HTTPResponse(
            status: contentRange == nil ? 200 : 206, headers: headers, body: read.data, file: read.file)
    }

    /// The whole object decompressed, with 200 whatever the `Range`, and no `Content-Encoding`; `whole` is the
    /// stored object already read, when it was read whole.
    private func transcoded(
        _ request: StorageRequest, object: ObjectAddress, resource: ObjectResource, whole: ObjectRead?
    )
        throws(BackendError) -> HTTPResponse
    {
        let stored: ObjectRead
        if let whole {
            stored = whole
        } else {
            stored = try backend.readObject(ReadRequest(object: object, downloadToken: request.query["token"]))
        }
        var headers = HTTPHeaders()
        decorate(&headers, with: resource, size: stored.totalSize, etag: stored.etag, request: request)
        return HTTPResponse(status: 200, headers: headers, producer: GunzipBody(stored))
    }

    /// The length of `first...last`; nil (to the end) when there is no last byte or the count overflows.
    private static func length(from first: Int64, through last: Int64?) -> Int64? {
        guard let last, last - first < Int64.max else { return nil }
        return last - first + 1
    }

    private func unsatisfiable(size: Int64?, _ message: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        if let size { headers["Content-Range"] = ContentRange(span: nil, total: size).header }
        return WireResponse.error(BackendError(status: 416, message), headers: headers)
    }

    /// The object's headers, from its metadata when the caller may read it and it still describes the
    /// bytes read (same size); otherwise only a generic content type.
    private func decorate(
        _ headers: inout HTTPHeaders, with resource: ObjectResource?, size: Int64, etag: String?,
        request: StorageRequest
    ) {
        guard let resource, resource.size == size else {
            headers["Content-Type"] = "application/octet-stream"
            return
        }
        WireResponse.setHeader("Content-Type", resource.contentType ?? "application/octet-stream", in: &headers)
        // Production's media ETag is the hex MD5 of the bytes: it changes with the bytes, not the metadata.
        WireResponse.setHeader("ETag", etag ?? MediaETag.of(md5Base64: resource.md5Hash), in: &headers)
        headers["x-goog-generation"] = String(resource.generation)
        headers["x-goog-metageneration"] = String(resource.metageneration)
        WireResponse.setHeader("x-goog-storage-class", resource.storageClass, in: &headers)
        WireResponse.setHeader("x-goog-hash", "crc32c=\(resource.crc32c),md5=\(resource.md5Hash)", in: &headers)
        for field in ObjectField.all {
            guard case .echoed(let name)? = field.header, case .text(let text)? = field.value(in: resource) else {
                continue
            }
            WireResponse.setHeader(name, text, in: &headers)
        }
        // What is stored, as GCS tells it on every download (a transcoded one sends other bytes).
        headers["x-goog-stored-content-length"] = String(resource.size)
        WireResponse.setHeader("x-goog-stored-content-encoding", resource.contentEncoding, in: &headers)
        // The stored bytes of another coding are sent as they are; the header says what they are to a client that
        // can take it (gzip is decompressed for the others before it comes here).
        let encoding = resource.contentEncoding
        if encoding != "identity", DecompressiveTranscoding.accepts(encoding, request.header("Accept-Encoding")) {
            WireResponse.setHeader("Content-Encoding", encoding, in: &headers)
        }
    }

}
