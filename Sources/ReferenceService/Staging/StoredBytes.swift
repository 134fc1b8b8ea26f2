import Foundation
import Primitives
import StorageAPI
import Synchronization

/// Where a stored object's bytes are kept: in memory, or in a file of the data directory.
enum StoredBytes: Sendable {
    case memory(Data)
    case file(BlobFile)

    var count: Int64 {
        switch self {
        case .memory(let data): Int64(data.count)
        case .file(let blob): blob.size
        }
    }
}

/// A finished object's bytes in the data directory (`blobs/ID`), never changed once written.
///
/// The file it opens stays open for the next reads while the blob lives (reads use offsets of their own, so
/// they share it), up to `keptOpenLimit` blobs at a time in the process: a small object read again and again
/// costs no `open` and `close` each time, and the number of descriptors held stays bounded.
final class BlobFile: Sendable {
    let id: String
    let path: String
    let size: Int64
    private let keptOpen = Mutex<OpenFile?>(nil)

    /// How many blobs keep their file open at once: their share of the descriptor budget when first asked (after
    /// `serve` has raised its limit).
    static let keptOpenLimit = DescriptorBudget.current.keptBlobs
    private static let keptOpenCount = Atomic<Int>(0)

    init(id: String, path: String, size: Int64) {
        self.id = id
        self.path = path
        self.size = size
    }

    deinit {
        if keptOpen.withLock({ $0 }) != nil { Self.keptOpenCount.subtract(1, ordering: .relaxed) }
    }

    /// The blob's file, open for reading: the one kept open, or a new one (kept when there is room).
    func open() throws(BackendError) -> OpenFile {
        if let file = keptOpen.withLock({ $0 }) { return file }
        let file = try OpenFile.reading(path)
        guard Self.keptOpenCount.add(1, ordering: .relaxed).newValue <= Self.keptOpenLimit else {
            Self.keptOpenCount.subtract(1, ordering: .relaxed)
            return file
        }
        let kept = keptOpen.withLock { kept in
            if kept == nil {
                kept = file
                return true
            }
            return false
        }
        if !kept { Self.keptOpenCount.subtract(1, ordering: .relaxed) }  // another read kept its own first
        return file
    }
}
