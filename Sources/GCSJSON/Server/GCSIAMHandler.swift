import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// `/b/{bucket}/iam` (get and set the IAM policy) and `/b/{bucket}/iam/testPermissions` (docs/gcs-dialect.md
/// §7). The policy is stored, not enforced: every permission asked about is granted.
struct GCSIAMHandler {
    let catalog: (any BucketCatalog)?
    let store: GCSResourceStore

    func respond(_ request: StorageRequest, bucket name: String, testPermissions: Bool) throws(BackendError)
        -> HTTPResponse
    {
        let bucket = try GCSBucketHandler.required(catalog).bucket(name)
        if testPermissions {
            let permissions = request.query.values("permissions")
            guard !permissions.isEmpty else { throw .badRequest("testIamPermissions needs at least one permissions.") }
            for permission in permissions where !permission.hasPrefix("storage.") {
                throw .badRequest("Invalid permission \"\(permission)\": expected a storage.* permission.")
            }
            return WireResponse.json(
                JSONValue.members([
                    "kind": .string("storage#testIamPermissionsResponse"),
                    "permissions": .array(permissions.map(JSONValue.string)),
                ]).data)
        }
        let version = try Self.requestedVersion(request.query)
        let body = request.body
        let method = request.method
        let policy = try store.withBucket(bucket) { (state: inout GCSBucketState) throws(BackendError) -> JSONValue in
            if method == "PUT" { try Self.set(body, on: &state) }
            return .members([
                "kind": .string("storage#policy"), "resourceId": .string("projects/_/buckets/\(name)"),
                "version": .number(String(version)), "bindings": .array(state.bindings),
                "etag": .string(Self.etag(state.policyVersion)),
            ])
        }
        return WireResponse.json(policy.data)
    }

    private static func etag(_ version: Int64) -> String {
        Data("policy-\(version)".utf8).base64EncodedString()
    }

    private static func requestedVersion(_ query: QueryParameters) throws(BackendError) -> Int64 {
        guard let text = query["optionsRequestedPolicyVersion"] else { return 1 }
        guard let version = JSONValue.decimalInteger(text), (1...3).contains(version) else {
            throw .badRequest("Invalid optionsRequestedPolicyVersion \"\(text)\": expected 1, 2 or 3.")
        }
        return version
    }

    /// A new policy: `bindings` of `{role, members}`, roles named `roles/…` (or a custom role's
    /// `projects/…/roles/…`); 412 when the body's `etag` is not the current one.
    private static func set(_ body: Data, on state: inout GCSBucketState) throws(BackendError) {
        let object = try WireObject(parsing: body, what: "the IAM policy", side: .request)
        if let etag = try object.optionalString("etag"), etag != Self.etag(state.policyVersion) {
            throw BackendError(status: 412, "Precondition Failed: the policy's etag is not \(etag).")
        }
        var bindings: [JSONValue] = []
        for binding in try object.optionalArray("bindings") ?? [] {
            let entry = try WireObject(binding, what: "an IAM binding", side: .request)
            let role = try entry.requiredString("role")
            guard role.hasPrefix("roles/") || role.hasPrefix("projects/") || role.hasPrefix("organizations/"),
                !role.hasSuffix("/")
            else {
                throw .badRequest("Invalid role \"\(role)\": expected roles/NAME or a custom role's full name.")
            }
            let members = try entry.optionalArray("members") ?? []
            for member in members where (member.stringValue ?? "").isEmpty {
                throw .badRequest("Invalid member \(member.kindDescription) in the binding of \(role).")
            }
            var kept: [JSONValue.Member] = [.init("role", .string(role)), .init("members", .array(members))]
            if let condition = entry["condition"] { kept.append(.init("condition", condition)) }
            bindings.append(.object(kept))
        }
        state.bindings = bindings
        state.policyVersion += 1
    }
}
