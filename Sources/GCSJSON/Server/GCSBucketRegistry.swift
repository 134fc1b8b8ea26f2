import Foundation
import Primitives

/// The buckets created over the GCS JSON API, with their creation times. The v0 routes make buckets as
/// they are used; a bucket that holds objects counts as existing on the GCS routes too.
package final class GCSBucketRegistry: Sendable {
    private let created = Locked<[String: Date]>([:])

    package init() {}

    /// False when the bucket was created already.
    func create(_ name: String) -> Bool {
        created.withLock { buckets in
            guard buckets[name] == nil else { return false }
            buckets[name] = Date()
            return true
        }
    }

    func creationTime(_ name: String) -> Date? {
        created.withLock { $0[name] }
    }

    func remove(_ name: String) {
        _ = created.withLock { $0.removeValue(forKey: name) }
    }

    var names: [String] {
        created.withLock { $0.keys.sorted() }
    }
}
