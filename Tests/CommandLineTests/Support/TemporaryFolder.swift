import Foundation
import TestSupport
import Testing

/// A fresh folder under the tests' scratch root, removed when the test is done.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = ScratchRoot.path("cli")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The absolute path of `relative` inside the folder.
    func path(_ relative: String = "") -> String {
        relative.isEmpty ? url.path : url.appendingPathComponent(relative).path
    }

    /// Writes `text` to `relative`, creating folders on the way; returns its absolute path.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// The text of `relative`, or nil when there is no such file.
    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names in `relative`, hidden ones included, sorted.
    func contents(of relative: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(relative))) ?? []).sorted()
    }
}
