import Foundation
import StorageAPI

/// The parts of XML multipart uploads kept in files, one folder per upload (`serve --data-dir` keeps them under
/// `DIR/xml-parts`): a part is written once and read back mapped, so it holds no memory of its own. They are not
/// synced, and the folder is emptied when it is opened: an XML multipart upload does not outlive its process
/// (after a restart its id answers 404 `NoSuchUpload`; docs/limits.md).
final class XMLPartFiles: Sendable {
    let folder: String

    init(folder: String) {
        self.folder = folder
        removeAll()
    }

    /// Writes part `number` of `upload` (replacing one already there) and answers its bytes, mapped from the file.
    func keep(_ data: Data, number: Int, upload: String) throws(BackendError) -> Data {
        let path = self.path(number: number, upload: upload)
        do {
            try FileManager.default.createDirectory(atPath: folder + "/" + upload, withIntermediateDirectories: true)
            let url = URL(fileURLWithPath: path)
            try data.write(to: url)
            return try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw BackendError(status: 503, "Cannot keep the part on disk: \(error.localizedDescription)")
        }
    }

    func remove(number: Int, upload: String) {
        try? FileManager.default.removeItem(atPath: path(number: number, upload: upload))
    }

    func removeUpload(_ upload: String) {
        try? FileManager.default.removeItem(atPath: folder + "/" + upload)
    }

    func removeAll() {
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private func path(number: Int, upload: String) -> String {
        folder + "/" + upload + "/" + String(number)
    }
}
