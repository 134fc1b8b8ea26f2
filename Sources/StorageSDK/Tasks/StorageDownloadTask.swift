import Foundation

/// A download started by `getData(maxSize:)` or `write(toFile:)`, read chunk by chunk with ranges
/// (`DownloadTransfer`).
///
/// Each chunk received fires `progress`.
public final class StorageDownloadTask: StorageObservableTask {
    public let lifecycle: StorageTaskLifecycle

    init(reference: StorageReference, destination: DownloadTransfer.Destination) {
        lifecycle = StorageTaskLifecycle(
            reference: reference, transfer: DownloadTransfer(reference: reference, destination: destination),
            progress: StorageProgress(completedUnitCount: 0, totalUnitCount: -1), metadata: nil)
    }

    /// The bytes once `getData` has succeeded, or the error it ended with.
    public var dataResult: Result<Data, StorageError>? {
        lifecycle.outcome { product in
            if case .data(let data) = product { return data }
            return nil
        }
    }

    /// The destination once `write(toFile:)` has succeeded, or the error it ended with.
    public var fileResult: Result<URL, StorageError>? {
        lifecycle.outcome { product in
            if case .file(let url) = product { return url }
            return nil
        }
    }
}
