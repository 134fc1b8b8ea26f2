/// Each dialect's style. The orders are the dialects' own and are kept byte for byte (production traces, the
/// emulator's files, the SDKs' tests); a field a dialect leaves out is simply not in its list.
extension ObjectFieldStyle {
    /// Firebase v0 (docs/wire-protocol.md §2), written as the emulator and production write it: counts as
    /// decimal strings, download tokens comma-joined, `contentEncoding` always. Read tolerantly, so any endpoint
    /// can be measured; only `name` and `bucket` are required.
    public static let firebaseV0 = ObjectFieldStyle(
        fields: [
            .name, .bucket, .generation, .metageneration, .contentType, .timeCreated, .updated, .storageClass, .size,
            .md5Hash, .crc32c, .etag, .downloadTokens, .contentEncoding, .contentDisposition, .customMetadata,
            .contentLanguage, .cacheControl,
        ],
        required: [.name, .bucket])

    /// The GCS JSON API's object resource (docs/gcs-dialect.md): counts as decimal strings, no download tokens
    /// (they are Firebase's), `contentEncoding` only when it is not `identity`. `GCSObjectJSON` puts `kind`,
    /// `id`, `selfLink` and `mediaLink` first.
    public static let gcsJSON = ObjectFieldStyle(
        fields: [
            .name, .bucket, .generation, .metageneration, .storageClass, .size, .md5Hash, .crc32c, .etag,
            .timeCreated, .updated, .timeStorageClassUpdated, .contentType, .contentEncoding, .contentDisposition,
            .contentLanguage, .cacheControl, .customMetadata,
        ],
        writesUnsetText: false, required: [.name, .bucket])

    /// One metadata file of the Firebase emulator's export (its `StoredFileMetadata`, docs/emulator-export.md):
    /// counts as numbers, `crc32c` in decimal, tokens as a list, custom metadata as `customMetadata`, whose values
    /// need not be strings.
    public static let emulatorExport = ObjectFieldStyle(
        fields: [
            .name, .bucket, .generation, .metageneration, .contentType, .timeCreated, .updated, .storageClass, .size,
            .md5Hash, .contentEncoding, .contentDisposition, .contentLanguage, .cacheControl, .crc32c, .etag,
            .downloadTokens, .customMetadata,
        ],
        renamed: [.customMetadata: "customMetadata"], counts: .numbers, checksums: .decimalCRC32C, tokens: .list,
        writesUnsetText: false, customValues: .anyAsText, required: [.name, .bucket, .size, .md5Hash, .crc32c])

    /// The driver protocol's metadata (docs/driver-protocol.md §3): what the SDKs' `StorageMetadata` shows,
    /// counts as numbers, the path as `fullPath`.
    public static let driverProtocol = ObjectFieldStyle(
        fields: [
            .bucket, .generation, .metageneration, .size, .name, .md5Hash, .cacheControl, .contentDisposition,
            .contentEncoding, .contentLanguage, .contentType, .timeCreated, .updated, .customMetadata,
        ],
        renamed: [.name: "fullPath", .customMetadata: "customMetadata"], counts: .numbers,
        required: [.bucket, .generation, .metageneration, .size])

    /// The properties of the SDK's `StorageMetadata` as scenarios name them (`metadata: { size: … }`,
    /// `$meta.generation`); `name`, the path's last segment, is derived by `StorageMetadata`.
    public static let sdkProperties = ObjectFieldStyle(
        fields: [
            .bucket, .cacheControl, .contentDisposition, .contentEncoding, .contentLanguage, .contentType,
            .customMetadata, .generation, .metageneration, .md5Hash, .name, .size, .timeCreated, .updated,
        ],
        renamed: [.name: "path", .customMetadata: "customMetadata"])
}
