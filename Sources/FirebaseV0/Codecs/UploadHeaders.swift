/// The header names of Google's `X-Goog-Upload` resumable protocol, as v0 endpoints speak it.
package enum UploadHeaders {
    package static let uploadProtocol = "X-Goog-Upload-Protocol"
    package static let command = "X-Goog-Upload-Command"
    package static let status = "X-Goog-Upload-Status"
    package static let url = "X-Goog-Upload-URL"
    package static let offset = "X-Goog-Upload-Offset"
    package static let sizeReceived = "X-Goog-Upload-Size-Received"
    package static let chunkGranularity = "X-Goog-Upload-Chunk-Granularity"
    package static let uploadID = "X-GUploader-UploadID"
    /// The total size a client announces: the JS SDK's name, then the iOS (GTM) one.
    package static let announcedLength = ["X-Goog-Upload-Header-Content-Length", "X-Goog-Upload-Content-Length"]
    /// The content type a client announces besides the metadata.
    package static let announcedType = ["X-Goog-Upload-Header-Content-Type", "X-Goog-Upload-Content-Type"]
}
