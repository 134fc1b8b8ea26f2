import StorageAPI

extension MetadataPatch {
    /// The patch without `firebaseStorageDownloadTokens`: under rules, a caller's metadata write never sets or
    /// removes the object's download tokens, which only the service mints (issue 36 item 10; see
    /// docs/security-rules.md, "Download tokens"). Otherwise a caller allowed to update but not to read could
    /// name a token and then download with it.
    var withoutDownloadTokens: MetadataPatch {
        guard DownloadTokensMetadata.key(in: customMetadata.keys) != nil else { return self }
        var patch = self
        patch.customMetadata = customMetadata.filter { DownloadTokensMetadata.key(in: [$0.key]) == nil }
        return patch
    }
}
