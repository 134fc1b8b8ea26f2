import StorageAPI
import StorageWire

extension GCSRoute {
    /// `/storage/v1/projects/{project}/…`: HMAC keys and the service account; nil for a path outside projects.
    static func project(_ rest: Substring) throws(BackendError) -> GCSRoute? {
        guard rest.hasPrefix("/storage/v1/projects/") else { return nil }
        let parts = rest.dropFirst("/storage/v1/projects/".count).split(
            separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, !parts[0].isEmpty,
            let (part, item) = try GCSSubresource.parse(Array(parts.dropFirst()), among: [.hmacKeys, .serviceAccount])
        else { return .unimplemented }
        return .project(try PathSegment.decode(parts[0]), part, item: item)
    }

    /// `/storage/v1/b/{bucket}/{tail}` for a tail other than `o…`.
    static func bucketPart(_ bucket: String, _ tail: Substring) throws(BackendError) -> GCSRoute {
        let parts = tail.split(separator: "/", omittingEmptySubsequences: false)
        let allowed: Set<GCSSubresource> = [
            .acl, .defaultObjectAcl, .iam, .testPermissions, .lockRetentionPolicy, .notificationConfigs,
        ]
        guard let (part, item) = try GCSSubresource.parse(parts, among: allowed) else { return .unimplemented }
        return .bucketPart(bucket, part, item: item)
    }

    /// `{object}/acl[/{entity}]`, `{object}/compose` and `{object}/restore` (unimplemented) after `/o/`: the
    /// object's name is escaped, so its first raw `/` ends it. Nil for any other tail.
    static func objectPart(_ bucket: String, _ encodedName: Substring) throws(BackendError) -> GCSRoute? {
        guard let slash = encodedName.firstIndex(of: "/") else { return nil }
        let parts = encodedName[encodedName.index(after: slash)...].split(
            separator: "/", omittingEmptySubsequences: false)
        if parts == ["restore"] { return .unimplemented }
        guard let (part, item) = try GCSSubresource.parse(parts, among: [.acl, .compose]) else { return nil }
        let object = ObjectAddress(bucket: bucket, name: try PathSegment.decode(encodedName[..<slash]))
        return .objectPart(object, part, item: item)
    }
}
