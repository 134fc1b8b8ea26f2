/// One page of a listing (the SDK's `StorageListResult`), in the service's order.
public struct StorageListResult: Sendable, Equatable {
    /// The "folders": one reference per prefix, without its trailing `/`.
    public let prefixes: [StorageReference]
    public let items: [StorageReference]
    /// The token of the next page; nil on the last one.
    public let pageToken: String?

    public init(prefixes: [StorageReference], items: [StorageReference], pageToken: String?) {
        self.prefixes = prefixes
        self.items = items
        self.pageToken = pageToken
    }
}
