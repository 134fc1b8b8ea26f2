import Foundation
import TestSupport

/// A new, empty folder under the tests' scratch root, removed with everything in it when the
/// value is released.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = ScratchRoot.path("StorageSDKTests")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The URL of `path` inside the folder (nothing is created).
    func file(_ path: String) -> URL {
        url.appendingPathComponent(path)
    }

    /// Writes `data` to `path` inside the folder, creating folders on the way.
    @discardableResult
    func write(_ data: Data, to path: String) throws -> URL {
        let file = file(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    /// The names of everything under `path` (the folder itself when empty), recursively, sorted; hidden
    /// files included.
    func contents(of path: String = "") throws -> [String] {
        let root = path.isEmpty ? url : file(path)
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.sorted()
    }
}
