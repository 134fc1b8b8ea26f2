import StorageAPI

extension ReferenceBackend {
    /// Lists items and prefixes under `request.prefix`, merged in byte order and counted together.
    ///
    /// `maxResults` is 1…1000 (default 1000). Through the Firebase layer the prefix is empty or ends with the
    /// delimiter (`/` for a recursive listing, whose delimiter is nil or empty), names with an empty segment are
    /// hidden and a missing bucket lists nothing; through Cloud Storage's, any prefix is taken, every name listed,
    /// and a missing bucket is a 404 (`StorageLayer`). The rules method `list` is checked on the folder listed: the
    /// prefix up to its last `/`, whatever the delimiter (so another delimiter cannot skip the folder's rule). A
    /// next-page token is returned only when another entry exists.
    public func list(_ request: ListRequest) throws(BackendError) -> ListPage {
        let maxResults = request.maxResults ?? 1000
        guard (1...1000).contains(maxResults) else {
            throw .badRequest("Invalid maxResults \(maxResults): it must be between 1 and 1000 inclusive.")
        }
        let delimiter = request.delimiter.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        let terminator = delimiter ?? Array("/".utf8)
        let prefix = Array(request.prefix.utf8)
        let firebase = request.layer == .firebase
        guard !firebase || prefix.isEmpty || prefix.suffix(terminator.count).elementsEqual(terminator) else {
            let shown = String(decoding: terminator, as: UTF8.self)
            throw .badRequest("The prefix parameter is required to be empty or to end with the delimiter \"\(shown)\".")
        }
        var cursor: ListEntry?
        if let token = request.pageToken, !token.isEmpty {
            cursor = try ListPageToken.decode(token)
        }
        let caller = try Caller(auth: request.auth)
        let folderEnd = prefix.lastIndex(of: UInt8(ascii: "/")) ?? 0
        let rulesPath = String(decoding: prefix[..<folderEnd], as: UTF8.self)
        let (program, found) = state.withLock {
            ($0.rules.program(for: request.bucket), $0.buckets[request.bucket]?.names)
        }
        // The rules decide, and the walk runs, without the lock: `names` is a copy-on-write snapshot.
        try RulesCheck(program: program, bucket: request.bucket, caller: caller)
            .require(.list, path: rulesPath, resource: nil)
        guard let names = found ?? (firebase ? SortedKeyList() : nil) else { throw .bucketNotFound(request.bucket) }
        let scanner = ListScanner(names: names, prefix: prefix, delimiter: delimiter, hidesEmptySegments: firebase)
        let (entries, hasMore) = scanner.page(
            after: cursor, startAfter: request.startAfter.map { Array($0.utf8) }, limit: maxResults)
        var page = ListPage()
        for entry in entries {
            switch entry.kind {
            case .item: page.items.append(entry.string)
            case .prefix: page.prefixes.append(entry.string)
            }
        }
        if hasMore, let last = entries.last {
            page.nextPageToken = ListPageToken.encode(after: last)
        }
        return page
    }
}
