import Foundation

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
final class BlobFile: Sendable {
    let id: String
    let path: String
    let size: Int64

    init(id: String, path: String, size: Int64) {
        self.id = id
        self.path = path
        self.size = size
    }

    func open() throws(BackendError) -> OpenFile {
        try OpenFile.reading(path)
    }
}
