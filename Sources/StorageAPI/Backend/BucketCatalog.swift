import Foundation

/// The buckets a service holds, with one owner: the service. Created explicitly (`createBucket`) or, through the
/// Firebase layer, by a first write (`StorageLayer`); listed and found alike; deleted only when empty.
public protocol BucketCatalog: Sendable {
    /// Creates an empty bucket: 409 when it exists, 400 when the name breaks Cloud Storage's bucket-name rules.
    @discardableResult
    func createBucket(_ name: String) throws(BackendError) -> BucketResource
    /// The bucket, or 404.
    func bucket(_ name: String) throws(BackendError) -> BucketResource
    /// Every bucket, by name in byte order.
    func buckets() -> [BucketResource]
    /// Deletes an empty bucket: 404 when there is none, 409 when it holds objects.
    func deleteBucket(_ name: String) throws(BackendError)
}

/// A bucket as a service reports it.
public struct BucketResource: Sendable, Equatable {
    public var name: String
    public var timeCreated: Date

    public init(name: String, timeCreated: Date) {
        self.name = name
        self.timeCreated = timeCreated
    }
}

extension BackendError {
    private static let bucketNotFoundMessage = "The specified bucket does not exist"

    /// Cloud Storage's answer for a bucket that does not exist.
    public static func bucketNotFound(_ name: String) -> BackendError {
        .notFound(bucketNotFoundMessage + ": \(name).")
    }

    /// Whether this is `bucketNotFound`: the bucket is missing, not (only) the object.
    public var isBucketNotFound: Bool { status == 404 && message.hasPrefix(Self.bucketNotFoundMessage) }
}
