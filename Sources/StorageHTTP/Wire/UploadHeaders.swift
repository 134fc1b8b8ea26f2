/// The header names of Google's `X-Goog-Upload` resumable protocol, as v0 endpoints speak it.
enum UploadHeaders {
    static let uploadProtocol = "X-Goog-Upload-Protocol"
    static let command = "X-Goog-Upload-Command"
    static let status = "X-Goog-Upload-Status"
    static let url = "X-Goog-Upload-URL"
    static let offset = "X-Goog-Upload-Offset"
    static let sizeReceived = "X-Goog-Upload-Size-Received"
    static let chunkGranularity = "X-Goog-Upload-Chunk-Granularity"
    static let uploadID = "X-GUploader-UploadID"
    /// The total size a client announces: the JS SDK's name, then the iOS (GTM) one.
    static let announcedLength = ["X-Goog-Upload-Header-Content-Length", "X-Goog-Upload-Content-Length"]
    /// The content type a client announces besides the metadata.
    static let announcedType = ["X-Goog-Upload-Header-Content-Type", "X-Goog-Upload-Content-Type"]
}
