/// An upload started by `putData` or `putFile`: a resumable upload sent chunk by chunk (`UploadTransfer`).
///
/// Each chunk the service acknowledges fires `progress` (data bytes only); `success` carries the service's
/// metadata.
public final class StorageUploadTask: StorageObservableTask {
    public let lifecycle: StorageTaskLifecycle

    init(reference: StorageReference, source: UploadTransfer.Source, metadata: StorageMetadata) {
        let transfer = UploadTransfer(reference: reference, source: source, metadata: metadata)
        lifecycle = StorageTaskLifecycle(
            reference: reference, transfer: transfer,
            progress: StorageProgress(completedUnitCount: 0, totalUnitCount: transfer.knownTotal), metadata: metadata)
    }

    /// The service's metadata once the upload has succeeded, or the error it ended with.
    public var result: Result<StorageMetadata, StorageError>? {
        lifecycle.outcome { product in
            if case .uploaded(let metadata) = product { return metadata }
            return nil
        }
    }
}
