import Foundation

/// Where tests make their scratch folders: a memory-backed folder when the system has one (`/dev/shm` on
/// Linux), else the temporary directory. A `--data-dir` write ends in `fsync`, which costs tens of
/// milliseconds on a disk and nothing in memory; no test depends on the disk surviving a power cut (a killed
/// process leaves its writes in the page cache either way).
package enum ScratchRoot {
    package static let url: URL = {
        let memory = "/dev/shm"
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: memory, isDirectory: &isFolder), isFolder.boolValue,
            FileManager.default.isWritableFile(atPath: memory)
        {
            return URL(fileURLWithPath: memory, isDirectory: true)
        }
        return FileManager.default.temporaryDirectory
    }()

    /// A new, not yet created, path under the root.
    package static func path(_ prefix: String) -> URL {
        url.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    }
}
