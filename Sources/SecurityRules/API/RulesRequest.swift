import Foundation

/// One request to decide.
///
/// `path` is the object's name; for a `list` it is the folder listed (the prefix without its trailing `/`, ""
/// for the root), and the request is decided as if for one of that folder's children whose name is unknown.
public struct RulesRequest: Sendable, Equatable {
    public var method: RulesMethod
    public var bucket: String
    public var path: String
    /// `request.auth`: nil when signed out.
    public var auth: RulesAuth?
    /// `resource`: the stored object, nil when there is none (a create).
    public var resource: RulesObject?
    /// `request.resource`: the object as the write would store it, nil for reads and deletes.
    public var incoming: RulesObject?
    /// `request.time`.
    public var time: Date
    /// `request.params`: the request's URL query parameters, by name.
    public var params: [String: String]

    /// The names the rules read the request's fields by: `request.auth`, `request.resource`, `request.time`,
    /// `request.path`, `request.method`, `request.params`.
    public static var fieldNames: [String] { KnownField.ofRequest.map(\.rawValue) }

    public init(
        method: RulesMethod, bucket: String, path: String, auth: RulesAuth? = nil, resource: RulesObject? = nil,
        incoming: RulesObject? = nil, time: Date = Date(), params: [String: String] = [:]
    ) {
        self.method = method
        self.bucket = bucket
        self.path = path
        self.auth = auth
        self.resource = resource
        self.incoming = incoming
        self.time = time
        self.params = params
    }
}
