/// Builds the download URL the SDK's `downloadURL()` returns.
public enum DownloadURL {
    /// `HOST/v0/b/<escaped bucket>/o/<escaped name>?alt=media&token=<token>`.
    ///
    /// `host` is scheme, host and port, such as `https://firebasestorage.googleapis.com:443` (a trailing
    /// `/` is dropped). `token` is one download token: picking the first of the object's comma-separated
    /// `downloadTokens` is the caller's job. It is query-escaped, which leaves a UUID unchanged.
    public static func make(host: String, bucket: String, name: String, token: String) -> String {
        var base = Substring(host)
        while base.hasSuffix("/") { base = base.dropLast() }
        return base + "/v0/b/" + GCSEscaping.escape(bucket) + "/o/" + GCSEscaping.escape(name)
            + "?alt=media&token=" + GCSEscaping.queryEscape(token)
    }
}
