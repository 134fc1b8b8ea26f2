import Foundation

/// The work of one transfer (an upload or a download), which its task drives.
///
/// The task calls it on its storage's scheduler, one call at a time and never under the task's lock, so a
/// transfer keeps its state in plain properties. It never sends events itself: it says what each call came
/// to, and the task's `TaskState` decides which events that makes.
protocol StorageTransfer: AnyObject {
    /// Checks that the transfer can start at all. Returns the total size when it is known only now (a
    /// file's, once read); an error fails the task without a `resume` event.
    func prepare() -> Result<Int64?, StorageError>

    /// Moves the transfer on by one chunk. `resuming` is true on the first step after a resume (or after a
    /// step that a pause overtook), when the transfer must learn again where the service stands. `retries`
    /// goes to every retry loop of the step.
    func step(resuming: Bool, retries: RetryObserver) -> TransferStep

    /// Lets go of what the transfer holds (tells the service, removes partial files) after a cancel.
    func abandon()
}

/// What one step of a transfer came to.
enum TransferStep {
    case progressed(StorageProgress)
    case finished(StorageProgress, TransferProduct)
    case failed(StorageError)
    /// A pause or cancel stopped the step while its client waited to try again; it holds nothing new.
    case interrupted
}

/// What a finished transfer produced: the uploaded object's metadata, or the downloaded bytes or file.
enum TransferProduct: Sendable {
    case uploaded(StorageMetadata)
    case data(Data)
    case file(URL)
}
