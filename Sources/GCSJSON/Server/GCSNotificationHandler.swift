import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// `/b/{bucket}/notificationConfigs[/{id}]`: insert, get, list and delete Pub/Sub notification configurations
/// (docs/gcs-dialect.md §7). They are stored and answered; `serve` publishes nothing.
struct GCSNotificationHandler {
    let catalog: (any BucketCatalog)?
    let store: GCSResourceStore
    let base: String

    func respond(_ request: StorageRequest, bucket name: String, id: String?) throws(BackendError) -> HTTPResponse {
        let bucket = try GCSBucketHandler.required(catalog).bucket(name)
        let link = base + "/storage/v1/b/" + GCSEscaping.escape(name) + "/notificationConfigs/"
        let body = request.body
        let method = request.method
        let answer = try store.withBucket(bucket) { (state: inout GCSBucketState) throws(BackendError) -> JSONValue? in
            guard let id else {
                guard method == "POST" else {
                    return .members([
                        "kind": .string("storage#notifications"), "items": .array(state.notifications.map(\.config)),
                    ])
                }
                let id = String(state.nextNotification)
                let config = try Self.config(body, id: id, selfLink: link + id)
                state.nextNotification += 1
                state.notifications.append((id, config))
                return config
            }
            guard let index = state.notifications.firstIndex(where: { $0.id == id }) else {
                throw .notFound("No notification configuration \(id) in bucket \(name).")
            }
            guard method == "DELETE" else { return state.notifications[index].config }
            state.notifications.remove(at: index)
            return nil
        }
        guard let answer else { return HTTPResponse(status: 204) }
        return WireResponse.json(answer.data)
    }

    static let payloadFormats = ["JSON_API_V1", "NONE"]
    static let eventTypes = ["OBJECT_FINALIZE", "OBJECT_METADATA_UPDATE", "OBJECT_DELETE", "OBJECT_ARCHIVE"]

    private static func config(_ body: Data, id: String, selfLink: String) throws(BackendError) -> JSONValue {
        let object = try WireObject(parsing: body, what: "the notification configuration", side: .request)
        let topic = try object.requiredString("topic")
        guard !topic.isEmpty else { throw .badRequest("A notification configuration needs a topic.") }
        let format = try object.optionalString("payload_format") ?? "JSON_API_V1"
        guard payloadFormats.contains(format) else {
            throw .badRequest("Invalid payload_format \"\(format)\": expected JSON_API_V1 or NONE.")
        }
        var members: [JSONValue.Member] = [
            .init("kind", .string("storage#notification")), .init("id", .string(id)),
            .init("selfLink", .string(selfLink)), .init("topic", .string(topic)),
            .init("payload_format", .string(format)), .init("etag", .string(id)),
        ]
        if let types = try object.optionalArray("event_types") {
            for type in types where !eventTypes.contains(type.stringValue ?? "") {
                throw .badRequest(
                    "Invalid event type \(type.stringValue ?? type.kindDescription): expected one of \(eventTypes.joined(separator: ", "))."
                )
            }
            members.append(.init("event_types", .array(types)))
        }
        if let attributes = try object.optionalObject("custom_attributes") {
            _ = try attributes.stringOrNullMembers()
            members.append(.init("custom_attributes", .object(attributes.members)))
        }
        if let prefix = try object.optionalString("object_name_prefix") {
            members.append(.init("object_name_prefix", .string(prefix)))
        }
        return .object(members)
    }
}
