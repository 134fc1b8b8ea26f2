import Foundation

/// An object's metadata as the rules see it: `resource` (the stored object) and `request.resource` (the object
/// as a write would store it), as its fields by name. The engine knows no field of its own: whoever builds the
/// request says which there are (`StorageAPI` builds it from its field table). A field without a value is
/// `.null` and reads `null`; a name that is not there is no field at all (`resource.nothing` is an error).
public struct RulesObject: Sendable, Equatable {
    public var fields: [String: RulesValue]

    public init(fields: [String: RulesValue]) {
        self.fields = fields
    }
}
