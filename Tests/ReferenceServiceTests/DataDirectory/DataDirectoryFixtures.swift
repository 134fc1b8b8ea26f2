import Foundation
import ReferenceService
import StorageAPI
import TestSupport
import Testing

/// A fresh data directory in a scratch folder, removed when released, and services opened on it.
final class ScratchDataDirectory {
    let path: String

    init() throws {
        path = ScratchRoot.path("data").path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A service on the directory, as `serve --data-dir` opens it (granularity 4, so chunks stay small).
    func open(granularity: Int64 = 4) throws -> ReferenceBackend {
        try ReferenceBackend(directory: try DataDirectory.open(path), granularity: granularity)
    }

    /// The names in one of the directory's folders, sorted.
    func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path + "/" + folder)) ?? []).sorted()
    }

    func write(_ text: String, to relative: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + relative))
    }

    /// Every object of `bucket` with its bytes, for comparing what two services hold.
    static func contents(of backend: ReferenceBackend) throws -> [String: (ObjectResource, Data)] {
        var contents: [String: (ObjectResource, Data)] = [:]
        for (resource, bytes) in try backend.storedObjects() {
            contents[resource.bucket + "/" + resource.name] = (resource, try bytes.contents())
        }
        return contents
    }
}

/// An upload body that delivers `prefix` and then fails, as a connection that drops midway does.
final class FailingUploadBody: UploadBody {
    let length: Int64
    private var prefix: Data

    init(length: Int64, prefix: Data) {
        self.length = length
        self.prefix = prefix
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(BackendError) -> Int {
        guard !prefix.isEmpty else { throw BackendError(status: 408, "the sender went away") }
        let count = min(buffer.count, prefix.count)
        prefix.prefix(count).withUnsafeBytes { buffer.copyMemory(from: $0) }
        prefix = prefix.dropFirst(count)
        return count
    }
}
