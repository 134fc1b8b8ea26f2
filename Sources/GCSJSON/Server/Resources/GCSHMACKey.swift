import Foundation
import Primitives
import StorageAPI

/// An HMAC key's metadata as `serve` keeps it (docs/gcs-dialect.md §7). Its secret is answered once, at creation.
struct GCSHMACKey: Sendable {
    let accessId: String
    let projectId: String
    let serviceAccountEmail: String
    var state: String
    let timeCreated: Date
    var updated: Date
    var version: Int64 = 1

    var etag: String { Data("\(accessId)/\(version)".utf8).base64EncodedString() }

    func json() -> JSONValue {
        .members([
            "kind": .string("storage#hmacKeyMetadata"), "id": .string("\(projectId)/\(accessId)"),
            "accessId": .string(accessId), "projectId": .string(projectId),
            "serviceAccountEmail": .string(serviceAccountEmail), "state": .string(state),
            "timeCreated": .string(StorageDateFormat.string(from: timeCreated)),
            "updated": .string(StorageDateFormat.string(from: updated)), "etag": .string(etag),
        ])
    }
}
