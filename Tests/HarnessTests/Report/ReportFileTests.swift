import Foundation
import Harness
import Primitives
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Report file")
struct ReportFileTests {
    /// A fresh directory, removed after `body`.
    private func inTemporaryDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "report-file-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer {
            chmod(directory, 0o755)
            try? FileManager.default.removeItem(atPath: directory)
        }
        try body(directory)
    }

    private func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    private func entries(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test func createsMissingParentDirectories() throws {
        try inTemporaryDirectory { directory in
            let path = directory + "/reports/nested/junit.xml"
            try AtomicFile.write(Data("<testsuites/>".utf8), to: path)
            #expect(contents(path) == "<testsuites/>")
            #expect(try entries(directory + "/reports/nested") == ["junit.xml"])
        }
    }

    @Test func replacesAnExistingFileAndLeavesNoTemporaryFile() throws {
        try inTemporaryDirectory { directory in
            let path = directory + "/report.json"
            try AtomicFile.write(Data("old".utf8), to: path)
            let oldInode = try #require(
                try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
            let new = String(repeating: "new report\n", count: 100_000)
            try AtomicFile.write(Data(new.utf8), to: path)
            #expect(contents(path) == new)
            #expect(try entries(directory) == ["report.json"])
            let newInode = try #require(
                try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
            #expect(newInode != oldInode, "the report is replaced by rename, not rewritten in place")
        }
    }

    @Test func writesAnEmptyReport() throws {
        try inTemporaryDirectory { directory in
            try AtomicFile.write(Data(), to: directory + "/empty.xml")
            #expect(contents(directory + "/empty.xml") == "")
        }
    }

    @Test func directoryInTheWayFailsAndKeepsIt() throws {
        try inTemporaryDirectory { directory in
            let path = directory + "/junit.xml"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            try Data("keep".utf8).write(to: URL(fileURLWithPath: path + "/inside.txt"))
            let error = try #require(throws: AtomicFileError.self) {
                try AtomicFile.write(Data("new".utf8), to: path)
            }
            #expect(error.path == path)
            #expect(error.description.contains(path))
            #expect(!error.reason.isEmpty)
            #expect(contents(path + "/inside.txt") == "keep")
            #expect(try entries(directory) == ["junit.xml"])
        }
    }

    @Test func fileInPlaceOfTheParentDirectoryFails() throws {
        try inTemporaryDirectory { directory in
            let blocker = directory + "/reports"
            try Data("a file".utf8).write(to: URL(fileURLWithPath: blocker))
            let path = blocker + "/sub/junit.xml"
            let error = try #require(throws: AtomicFileError.self) {
                try AtomicFile.write(Data("new".utf8), to: path)
            }
            #expect(error.path == path)
            #expect(error.reason.contains("not a directory"))
            #expect(contents(blocker) == "a file")
        }
    }

    @Test(.enabled(if: getuid() != 0, "root ignores directory permissions"))
    func unwritableDirectoryFailsAndKeepsTheOldFile() throws {
        try inTemporaryDirectory { directory in
            let path = directory + "/junit.xml"
            try AtomicFile.write(Data("old".utf8), to: path)
            #expect(chmod(directory, 0o555) == 0)
            let error = try #require(throws: AtomicFileError.self) {
                try AtomicFile.write(Data("new".utf8), to: path)
            }
            #expect(error.path == path)
            #expect(contents(path) == "old")
            #expect(try entries(directory) == ["junit.xml"])
        }
    }

    @Test(arguments: ["", "reports/"])
    func pathsThatNameNoFileAreRejected(path: String) throws {
        let error = try #require(throws: AtomicFileError.self) {
            try AtomicFile.write(Data("x".utf8), to: path)
        }
        #expect(error.path == path)
    }
}
