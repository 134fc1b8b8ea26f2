import Foundation
import StorageAPI

extension ListRequest {
    /// `prefix` (left out at the root), `delimiter`, `maxResults` and `pageToken`, as both dialects send them.
    package var wireQuery: [(String, String)] {
        var query: [(String, String)] = []
        if !prefix.isEmpty { query.append(("prefix", prefix)) }
        if let delimiter { query.append(("delimiter", delimiter)) }
        if let maxResults { query.append(("maxResults", String(maxResults))) }
        if let pageToken { query.append(("pageToken", pageToken)) }
        return query
    }
}
