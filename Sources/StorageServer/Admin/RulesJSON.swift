import Foundation
import Primitives
import StorageAPI
import StorageWire

/// Security rules as this project's server takes them (`PUT /internal/buckets/{bucket}/rules`), in the
/// scenario language's shape: `{"version":2,"allow":[{"path":"ios/public/**","ops":["read","write","list"],"if":"signedIn"}]}`.
package enum RulesJSON {
    package static func encode(_ rules: StorageRules) -> Data {
        let entries = rules.entries.map { entry -> JSONValue in
            var members: [JSONValue.Member] = [
                .init("path", .string(entry.path)),
                .init(
                    "ops",
                    .array(
                        StorageRules.Operation.allCases.filter(entry.operations.contains).map { .string($0.rawValue) })),
            ]
            if let condition = entry.condition { members.append(.init("if", .string(condition.text))) }
            return .object(members)
        }
        return JSONValue.object([.init("version", .number(String(rules.version))), .init("allow", .array(entries))])
            .data
    }

    /// Reads rules strictly (400 with the reason): `version` 1 or 2 (default 2), `allow` a list of
    /// entries, each with a string `path`, `ops` from `read`, `write`, `list`, and an optional `"if"`
    /// (`signedIn` or `request.auth.uid == NAME`); unknown keys are refused so a typo cannot silently allow everything.
    package static func decode(_ data: Data) throws(BackendError) -> StorageRules {
        let object = try WireObject(parsing: data, what: "the rules", side: .request)
        try refuseUnknownKeys(object, allowed: ["version", "allow"])
        let version = try object.optionalInteger("version") ?? 2
        guard version == 1 || version == 2 else {
            throw .badRequest("\"version\" in the rules must be 1 or 2, not \(version).")
        }
        guard let allow = try object.optionalArray("allow") else {
            throw .badRequest("The rules have no \"allow\" list.")
        }
        var entries: [StorageRules.Entry] = []
        for (index, element) in allow.enumerated() {
            let entry = try WireObject(element, what: "allow entry \(index + 1) of the rules", side: .request)
            try refuseUnknownKeys(entry, allowed: ["path", "ops", "if"])
            let path = try entry.requiredString("path")
            var operations = Set<StorageRules.Operation>()
            for op in try entry.optionalArray("ops") ?? [] {
                guard case .string(let name) = op, let operation = StorageRules.Operation(rawValue: name) else {
                    throw .badRequest(
                        "\"ops\" in allow entry \(index + 1) of the rules may hold only \"read\", \"write\" and \"list\", not \(op.text)."
                    )
                }
                operations.insert(operation)
            }
            var condition: StorageRules.Condition?
            if let text = try entry.optionalString("if") {
                guard let parsed = StorageRules.Condition(text) else {
                    throw .badRequest(
                        "\"if\" in allow entry \(index + 1) of the rules must be \(StorageRules.Condition.forms), not \"\(text)\"."
                    )
                }
                condition = parsed
            }
            entries.append(StorageRules.Entry(path: path, operations: operations, condition: condition))
        }
        return StorageRules(version: Int(version), entries: entries)
    }

    private static func refuseUnknownKeys(_ object: WireObject, allowed: Set<String>) throws(BackendError) {
        if let unknown = object.members.first(where: { !allowed.contains($0.key) }) {
            throw .badRequest("\(WireObject.capitalized(object.what)) has an unknown key \"\(unknown.key)\".")
        }
    }
}
