/// The sizes of request bodies a route takes when they are received whole (docs/limits.md).
package enum RequestBodyLimits {
    /// A body of metadata (JSON, or XML for CompleteMultipartUpload): GCS holds at most 8 KiB of custom metadata
    /// per object and 10,000 parts per upload, so 2 MiB leaves room for every valid request and keeps a parse
    /// of a hostile one small.
    package static let metadata = 2 << 20
}
