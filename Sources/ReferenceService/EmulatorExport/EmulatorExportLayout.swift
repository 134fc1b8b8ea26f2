import Foundation

/// The folder layout the Firebase emulator suite exports storage in (docs/emulator-export.md §1):
///
/// ```
/// DIR/firebase-export-metadata.json     {"version": …, "storage": {"version": …, "path": "storage_export"}, …}
/// DIR/storage_export/buckets.json       {"buckets": [{"id": "BUCKET"}, …]}
/// DIR/storage_export/metadata/X.json    one object's metadata
/// DIR/storage_export/blobs/X            its bytes
/// DIR/storage_export/storage-conformance-resources.json
///                                       `serve`'s sidecar records (`SidecarRecords`), which the emulator ignores
/// ```
///
/// `X` is a file name of the exporter's choosing (the emulator picks a UUID); older exports nest it in
/// folders. A metadata file's path under `metadata/`, without `.json`, is its blob's path under `blobs/`.
enum EmulatorExportLayout {
    static let exportMetadataFile = "firebase-export-metadata.json"
    static let storageFolder = "storage_export"
    static let bucketsFile = "buckets.json"
    static let metadataFolder = "metadata"
    static let blobsFolder = "blobs"
    static let sidecarsFile = "storage-conformance-resources.json"
}

/// A problem with an export folder, naming the file (or object) it is about.
public struct EmulatorExportError: Error, CustomStringConvertible {
    public var file: String
    public var problem: String

    public var description: String { "\(file): \(problem)" }
}
