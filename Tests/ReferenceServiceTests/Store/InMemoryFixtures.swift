import Foundation
import ReferenceService
import StorageAPI

/// Shared helpers for the in-memory backend tests.
enum Fixtures {
    static let bucket = "bucket"

    static func address(_ name: String, auth: String? = nil, bucket: String = bucket) -> ObjectAddress {
        ObjectAddress(bucket: bucket, name: name, auth: auth)
    }

    /// Uploads `data` in one final chunk.
    @discardableResult
    static func upload(
        _ backend: ReferenceBackend, _ name: String, _ data: Data = Data("hello".utf8),
        metadata: ObjectMetadataFields = ObjectMetadataFields(), auth: String? = nil, bucket: String = bucket
    ) throws(BackendError) -> ObjectResource {
        let session = try backend.startUpload(
            UploadStart(object: address(name, auth: auth, bucket: bucket), metadata: metadata))
        let status = try backend.uploadChunk(session: session.id, offset: 0, data: data, finalize: true)
        guard let resource = status.resource else { throw BackendError(.malformedResponse, "no resource") }
        return resource
    }

    static func read(_ backend: ReferenceBackend, _ name: String, auth: String? = nil) throws(BackendError) -> Data {
        try backend.readObject(ReadRequest(object: address(name, auth: auth))).contents()
    }

    /// Every entry of a listing, page by page: prefixes and items in the order the pages gave them.
    static func listAll(
        _ backend: ReferenceBackend, prefix: String = "", delimiter: String? = "/", pageSize: Int? = nil,
        auth: String? = nil
    ) throws(BackendError) -> (entries: [String], pages: Int) {
        var entries: [String] = []
        var token: String?
        var pages = 0
        repeat {
            let page = try backend.list(
                ListRequest(
                    bucket: bucket, prefix: prefix, delimiter: delimiter, maxResults: pageSize, pageToken: token,
                    auth: auth))
            pages += 1
            entries += (page.prefixes + page.items).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            token = page.nextPageToken
        } while token != nil && pages < 100_000
        return (entries, pages)
    }

    static let denyAll = StorageRules(entries: [])
    static let user = IDToken.unsigned(uid: "alice")
}

/// The HTTP status `body` failed with, or nil when it succeeded (-1 for an error that is not a `BackendError`).
func status<T>(_ body: () throws -> T) -> Int? {
    do {
        _ = try body()
        return nil
    } catch let error as BackendError {
        return error.status
    } catch {
        return -1
    }
}

/// The `BackendError` `body` failed with, or nil when it succeeded or failed otherwise.
func failure<T>(_ body: () throws -> T) -> BackendError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? BackendError
    }
}
