import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// `/projects/{project}/hmacKeys[/{accessId}]` and `/projects/{project}/serviceAccount` (docs/gcs-dialect.md
/// §7): HMAC keys are created, listed, read, switched between `ACTIVE` and `INACTIVE` and deleted once
/// inactive; nothing signs with them.
struct GCSHMACKeyHandler {
    let store: GCSResourceStore

    func serviceAccount() -> HTTPResponse {
        WireResponse.json(
            JSONValue.members([
                "kind": .string("storage#serviceAccount"),
                "email_address": .string(
                    "service-\(GCSACLEntry.projectNumber)@gs-project-accounts.iam.gserviceaccount.com"),
            ]).data)
    }

    func respond(_ request: StorageRequest, project: String, accessId: String?) throws(BackendError) -> HTTPResponse {
        let method = request.method
        let query = request.query
        let body = request.body
        let answer = try store.withHMACKeys { (keys: inout [String: GCSHMACKey]) throws(BackendError) -> JSONValue? in
            guard let accessId else {
                guard method == "POST" else { return Self.list(keys, project: project, query: query) }
                return try Self.create(in: &keys, project: project, query: query)
            }
            guard var key = keys[accessId], key.projectId == project else {
                throw .notFound("No HMAC key \(accessId) in project \(project).")
            }
            switch method {
            case "DELETE":
                guard key.state == "INACTIVE" else {
                    throw .badRequest("An HMAC key must be INACTIVE before it is deleted; \(accessId) is \(key.state).")
                }
                keys[accessId] = nil
                return nil
            case "PUT":
                let object = try WireObject(parsing: body, what: "the HMAC key", side: .request)
                let state = try object.requiredString("state")
                guard state == "ACTIVE" || state == "INACTIVE" else {
                    throw .badRequest("Invalid state \"\(state)\": an HMAC key can be set ACTIVE or INACTIVE.")
                }
                if let etag = try object.optionalString("etag"), etag != key.etag {
                    throw BackendError(
                        status: 412, "Precondition Failed: the HMAC key's etag is \(key.etag), not \(etag).")
                }
                key.state = state
                key.updated = Date()
                key.version += 1
                keys[accessId] = key
                return key.json()
            default:
                return key.json()
            }
        }
        guard let answer else { return HTTPResponse(status: 204) }
        return WireResponse.json(answer.data)
    }

    private static func create(in keys: inout [String: GCSHMACKey], project: String, query: QueryParameters)
        throws(BackendError) -> JSONValue
    {
        guard let email = query["serviceAccountEmail"], email.contains("@") else {
            throw .badRequest("Creating an HMAC key needs serviceAccountEmail, a service account's email address.")
        }
        let accessId = "GOOG1" + Self.randomText(count: 56, alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        let now = Date()
        let key = GCSHMACKey(
            accessId: accessId, projectId: project, serviceAccountEmail: email, state: "ACTIVE", timeCreated: now,
            updated: now)
        keys[accessId] = key
        let secret = Data((0..<30).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        return .members(["kind": .string("storage#hmacKey"), "metadata": key.json(), "secret": .string(secret)])
    }

    private static func list(_ keys: [String: GCSHMACKey], project: String, query: QueryParameters) -> JSONValue {
        let email = query["serviceAccountEmail"]
        let items = keys.values.filter { key in
            key.projectId == project && (email == nil || key.serviceAccountEmail == email)
        }.sorted { $0.accessId < $1.accessId }
        return .members(["kind": .string("storage#hmacKeysMetadata"), "items": .array(items.map { $0.json() })])
    }

    private static func randomText(count: Int, alphabet: String) -> String {
        let letters = Array(alphabet)
        return String((0..<count).map { _ in letters[Int.random(in: 0..<letters.count)] })
    }
}
