import Foundation
import Primitives

/// The GCS resources as their sidecar records keep them (`GCSResourceStore`), and read back. A record that cannot
/// be read back is taken as absent: the resource starts afresh.
extension GCSBucketState {
    var record: JSONValue {
        .members([
            "metageneration": .string(String(metageneration)),
            "fields": .object(fields.sorted { $0.key < $1.key }.map { JSONValue.Member($0.key, $0.value) }),
            "acl": .array(acl.map(\.record)), "defaultObjectAcl": .array(defaultObjectACL.map(\.record)),
            "bindings": .array(bindings), "policyVersion": .string(String(policyVersion)),
            "notifications": .array(notifications.map { .members(["id": .string($0.id), "config": $0.config]) }),
            "nextNotification": .string(String(nextNotification)),
        ])
    }

    init?(record: JSONValue) {
        guard let metageneration = record["metageneration"]?.integerValue, metageneration >= 1,
            let policyVersion = record["policyVersion"]?.integerValue, policyVersion >= 1,
            let next = record["nextNotification"]?.integerValue, next >= 1, next < Int64(Int32.max),
            case .object(let fields)? = record["fields"], case .array(let bindings)? = record["bindings"],
            case .array(let notifications)? = record["notifications"],
            let acl = GCSACLEntry.entries(record["acl"], onObject: false),
            let defaultObjectACL = GCSACLEntry.entries(record["defaultObjectAcl"], onObject: true)
        else { return nil }
        self.init()
        self.metageneration = metageneration
        self.policyVersion = policyVersion
        nextNotification = Int(next)
        self.fields = Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        self.bindings = bindings
        self.acl = acl
        self.defaultObjectACL = defaultObjectACL
        for notification in notifications {
            guard let id = notification["id"]?.stringValue, let config = notification["config"] else { return nil }
            self.notifications.append((id, config))
        }
    }
}

extension GCSACLEntry {
    var record: JSONValue { .members(["entity": .string(entity), "role": .string(role)]) }

    /// A list of entries as `record` writes them, or nil.
    static func entries(_ value: JSONValue?, onObject: Bool) -> [GCSACLEntry]? {
        guard case .array(let elements)? = value else { return nil }
        var entries: [GCSACLEntry] = []
        for element in elements {
            guard let entity = element["entity"]?.stringValue, let role = element["role"]?.stringValue,
                let entry = try? GCSACLEntry(entity: entity, role: role, onObject: onObject)
            else { return nil }
            entries.append(entry)
        }
        return entries
    }
}

extension GCSHMACKey {
    var record: JSONValue {
        .members([
            "accessId": .string(accessId), "projectId": .string(projectId),
            "serviceAccountEmail": .string(serviceAccountEmail), "state": .string(state),
            "timeCreated": .string(StorageDateFormat.string(from: timeCreated)),
            "updated": .string(StorageDateFormat.string(from: updated)), "version": .string(String(version)),
        ])
    }

    init?(record: JSONValue) {
        guard let accessId = record["accessId"]?.stringValue, let projectId = record["projectId"]?.stringValue,
            let email = record["serviceAccountEmail"]?.stringValue, let state = record["state"]?.stringValue,
            let created = record["timeCreated"]?.stringValue.flatMap(StorageDateFormat.date(from:)),
            let updated = record["updated"]?.stringValue.flatMap(StorageDateFormat.date(from:)),
            let version = record["version"]?.integerValue, version >= 1
        else { return nil }
        self.init(
            accessId: accessId, projectId: projectId, serviceAccountEmail: email, state: state, timeCreated: created,
            updated: updated, version: version)
    }
}
