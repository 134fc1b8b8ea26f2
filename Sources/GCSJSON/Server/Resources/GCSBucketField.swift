import Foundation
import Primitives
import StorageAPI

/// One field of a GCS bucket resource (docs/gcs-dialect.md §7): its JSON name, what a write does with it and how
/// the write is checked, what the answer shows, and where it is kept. The rows are `GCSBucketField.table`; an
/// insert, a `PATCH`, a `PUT` and every bucket answer are driven by them.
///
/// Where a field is kept follows from `writing`: a written field lives in `GCSBucketState.fields` under its name
/// (the bucket's sidecar record, so the data directory and an export keep it), an access list in the state's ACL
/// lists, and an output-only field is computed from the bucket and its metageneration on every answer.
struct GCSBucketField: Sendable {
    /// What a write does with the field.
    enum Writing: Sendable {
        /// Ignored in a write, as GCS ignores it; the answer computes it.
        case outputOnly
        /// A write sets the whole value (`null` removes it); an insert or `PUT` that leaves it out removes it.
        case replaced
        /// As `replaced`, but a `PATCH` merges an object key by key (`null` removes a key).
        case mergedByKey
        /// The bucket's ACL (`onObject: false`) or default object ACL: a write that names it replaces the list,
        /// one that leaves it out (a `PUT` too) keeps it.
        case accessList(onObject: Bool)
    }

    /// The JSON kind a written value must have (`null` always removes); another kind is a 400.
    enum Kind: Sendable {
        case object, array, string, bool

        func admits(_ value: JSONValue) -> Bool {
            switch (self, value) {
            case (_, .null), (.object, .object), (.array, .array), (.string, .string), (.bool, .bool): true
            default: false
            }
        }

        var description: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .bool: "a boolean"
            }
        }
    }

    /// What an answer is made from.
    struct View: Sendable {
        let bucket: BucketResource
        let state: GCSBucketState
        /// The server's base URL, for `selfLink`.
        let base: String
    }

    let name: String
    let writing: Writing
    /// Checked for `replaced` and `mergedByKey` fields only.
    var kind: Kind = .object
    /// Shown only with `projection=full`.
    var fullOnly = false
    /// The answer's value when the bucket keeps none: computed for output-only fields and access lists, the
    /// default of a written field (nil: left out).
    var shown: @Sendable (View) -> JSONValue? = { _ in nil }
    /// Checks a written value (after a `PATCH` merge; `null` to remove) against the state before the write and
    /// says what is kept (nil: nothing): GCS's errors.
    var check: @Sendable (JSONValue, GCSBucketState) throws(BackendError) -> JSONValue? = { value, _ in
        if case .null = value { return nil }
        return value
    }
    /// An insert or `PUT` that leaves the field out keeps it (a locked retention policy).
    var keptByReplace: @Sendable (GCSBucketState) -> Bool = { _ in false }

    /// The row named `name`.
    static func named(_ name: String) -> GCSBucketField? { byName[name] }

    private static let byName = Dictionary(table.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// Writes `value` into `next`; `before` is the state the request found, `replace` says an insert or `PUT`.
    func write(_ value: JSONValue, into next: inout GCSBucketState, before: GCSBucketState, replace: Bool)
        throws(BackendError)
    {
        switch writing {
        case .outputOnly:
            return
        case .accessList(let onObject):
            let entries = try GCSACLEntry.list(value, onObject: onObject)
            if onObject { next.defaultObjectACL = entries } else { next.acl = entries }
        case .replaced, .mergedByKey:
            guard kind.admits(value) else {
                throw .badRequest(
                    "Invalid value for \(name): expected \(kind.description), not \(value.kindDescription).")
            }
            var written = value
            if case .mergedByKey = writing, !replace, case .object(let patch) = value {
                written = Self.merged(next.fields[name], patch)
            }
            next.fields[name] = try check(written, before)
        }
    }

    /// An object patched key by key: `null` removes a key, another value sets it; keys in order.
    private static func merged(_ current: JSONValue?, _ patch: [JSONValue.Member]) -> JSONValue {
        var members: [JSONValue.Member] = []
        if case .object(let kept)? = current { members = kept }
        for entry in patch {
            members.removeAll { $0.key == entry.key }
            if case .null = entry.value { continue }
            members.append(entry)
        }
        return .object(members.sorted { $0.key < $1.key })
    }

    /// The bucket resource, in GCS's order: the fields computed or defaulted, then those the bucket keeps by name,
    /// then (`full`) the access lists and owner.
    static func resource(_ view: View, full: Bool) -> JSONValue {
        var members: [JSONValue.Member] = []
        for row in table where !row.fullOnly && view.state.fields[row.name] == nil {
            if let value = row.shown(view) { members.append(.init(row.name, value)) }
        }
        for key in view.state.fields.keys.sorted() where named(key) != nil {
            if let value = view.state.fields[key] { members.append(.init(key, value)) }
        }
        for row in table where row.fullOnly && full {
            if let value = row.shown(view) { members.append(.init(row.name, value)) }
        }
        return .object(members)
    }
}
