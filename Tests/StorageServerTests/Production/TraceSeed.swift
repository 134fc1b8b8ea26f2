import Foundation
import Primitives
import ReferenceService
import StorageAPI

/// The service state a recording implies before its first exchange: the objects it reads, lists or deletes
/// (but not those it uploads), with the bytes its downloads show, and rules that refuse the lists production
/// refused. The bytes of uploaded objects that are downloaded later are kept too, so the replay can upload them.
struct TraceSeed {
    /// One object the recording finds already stored.
    struct Object {
        var bytes: Data
        /// Whether every byte is known (pieced together from downloads), so checksums and ETags can match.
        var bytesKnown: Bool
        var metadata = ObjectMetadataFields()
        /// Fields production's answers show the object without (objects stored before production filled in a
        /// default); the seed removes the defaults `seed` fills in.
        var absent: Set<MetadataField> = []
    }

    let bucket: String
    private(set) var objects: [String: Object] = [:]
    /// Folders (without the trailing `/`) whose list production refused with 403.
    private(set) var refusedLists: [String] = []
    /// Names the recording uploads: not stored before it starts.
    let uploaded: Set<String>

    init(_ trace: ProductionTrace) {
        bucket = trace.exchanges.first.flatMap { Self.bucket(of: $0.target) } ?? "b"
        uploaded = Set(trace.exchanges.compactMap { $0.query("uploadType") == nil ? nil : $0.query("name") })
        for (index, exchange) in trace.exchanges.enumerated() {
            if exchange.method == "GET", exchange.objectName == nil, exchange.query("prefix") != nil {
                let next = trace.exchanges.dropFirst(index + 1).contains { $0.query("pageToken") != nil }
                addListed(exchange, fetchesNextPage: next)
            } else if let name = exchange.objectName {
                add(name, from: exchange)
            }
        }
    }

    /// Applies the seed to `backend`.
    func apply(to backend: ReferenceBackend) throws {
        for (name, object) in objects where !uploaded.contains(name) {
            try backend.seed(bucket: bucket, name: name, data: object.bytes, metadata: object.metadata)
            guard !object.absent.isEmpty else { continue }
            let patch = MetadataPatch(fields: Dictionary(uniqueKeysWithValues: object.absent.map { ($0, nil) }))
            _ = try? backend.updateMetadata(ObjectAddress(bucket: bucket, name: name), patch: patch)
        }
        guard !refusedLists.isEmpty else { return }
        let readWrite = StorageRules.Entry(path: "**", operations: [.read, .write])
        backend.setRules(StorageRules(entries: [readWrite]), bucket: bucket)
    }

    /// `fetchesNextPage`: whether the recording goes on to the next page; when it does not, one more object
    /// stands for the rest of the folder, so `serve` has a next page too.
    private mutating func addListed(_ exchange: ProductionTrace.Exchange, fetchesNextPage: Bool) {
        let prefix = exchange.query("prefix") ?? ""
        if exchange.status == 403 {
            refusedLists.append(String(prefix.dropLast()))
            return
        }
        let json = exchange.json ?? [:]
        var names = (json["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        if json["nextPageToken"] != nil, !fetchesNextPage { names.append(prefix + "~more") }
        for name in names where objects[name] == nil {
            objects[name] = Object(bytes: Data(), bytesKnown: false)
        }
        for folder in json["prefixes"] as? [String] ?? [] where !objects.keys.contains(where: { $0.hasPrefix(folder) })
        {
            objects[folder + "placeholder"] = Object(bytes: Data(), bytesKnown: false)
        }
    }

    private mutating func add(_ name: String, from exchange: ProductionTrace.Exchange) {
        var object = objects[name] ?? Object(bytes: Data(), bytesKnown: false)
        if exchange.isMedia, exchange.status == 200 || exchange.status == 206 {
            object.fill(from: exchange)
        } else if exchange.method == "GET", exchange.status == 200, let json = exchange.json, objects[name] == nil,
            !uploaded.contains(name)
        {
            object.bytes = Data(count: Int(json["size"] as? String ?? "") ?? 0)
            object.metadata = Self.metadata(json)
            object.absent = Set(MetadataField.allCases.filter { json[$0.rawValue] == nil && $0 != .contentEncoding })
        }
        objects[name] = object
    }

    /// The metadata fields of an object's JSON that a client can set.
    static func metadata(_ json: [String: Any]) -> ObjectMetadataFields {
        ObjectMetadataFields(
            cacheControl: json["cacheControl"] as? String, contentDisposition: json["contentDisposition"] as? String,
            contentEncoding: json["contentEncoding"] as? String, contentLanguage: json["contentLanguage"] as? String,
            contentType: json["contentType"] as? String, customMetadata: json["metadata"] as? [String: String] ?? [:])
    }

    static func bucket(of target: String) -> String? {
        let parts = target.split(separator: "/")
        guard parts.count >= 3, parts[0] == "v0", parts[1] == "b" else { return nil }
        return String(parts[2])
    }
}

extension TraceSeed.Object {
    /// Places the bytes a download answer recorded at their offset; the recordings keep only the part of
    /// each body the SDK's test read.
    fileprivate mutating func fill(from exchange: ProductionTrace.Exchange) {
        let (offset, total) = exchange.contentRange ?? (0, Int(exchange.responseHeaders["content-length"] ?? "") ?? 0)
        if bytes.count != total { bytes = Data(count: total) }
        let piece = exchange.responseBody.prefix(max(0, total - offset))
        bytes.replaceSubrange(offset..<offset + piece.count, with: piece)
        metadata.contentType = exchange.responseHeaders["content-type"]
        if exchange.responseHeaders["content-disposition"] == nil { absent.insert(.contentDisposition) }
        bytesKnown = Data(MD5.digest(of: bytes)).base64EncodedString() == exchange.recordedMD5
    }
}

extension ProductionTrace.Exchange {
    /// The base64 MD5 production sent in `x-goog-hash`.
    var recordedMD5: String? {
        guard let hash = responseHeaders["x-goog-hash"], let start = hash.range(of: "md5=") else { return nil }
        return String(hash[start.upperBound...].prefix(24))
    }

    /// Where a `206` answer's bytes start, and the object's size, from `Content-Range: bytes A-B/TOTAL`.
    var contentRange: (offset: Int, total: Int)? {
        guard let range = responseHeaders["content-range"], range.hasPrefix("bytes ") else { return nil }
        let parts = range.dropFirst(6).split(whereSeparator: { $0 == "-" || $0 == "/" })
        guard parts.count == 3, let offset = Int(parts[0]), let total = Int(parts[2]) else { return nil }
        return (offset, total)
    }
}
