import Foundation

/// A download started by `getData(maxSize:)` or `write(toFile:)`, read chunk by chunk with ranges
/// (`DownloadTransfer`).
///
/// Each chunk received fires `progress`. Unchecked Sendable restated from its superclass: it adds no stored
/// state.
public final class StorageDownloadTask: StorageObservableTask, @unchecked Sendable {
    init(reference: StorageReference, destination: DownloadTransfer.Destination) {
        super.init(
            reference: reference, transfer: DownloadTransfer(reference: reference, destination: destination),
            progress: StorageProgress(completedUnitCount: 0, totalUnitCount: -1), metadata: nil)
    }

    /// The bytes once `getData` has succeeded, or the error it ended with.
    public var dataResult: Result<Data, StorageError>? {
        outcome { product in
            if case .data(let data) = product { return data }
            return nil
        }
    }

    /// The destination once `write(toFile:)` has succeeded, or the error it ended with.
    public var fileResult: Result<URL, StorageError>? {
        outcome { product in
            if case .file(let url) = product { return url }
            return nil
        }
    }
}
