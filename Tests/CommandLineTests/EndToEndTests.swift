import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The built binary, run as a user runs it.
@Suite(
    "end to end (the built binary)",
    .enabled(
        if: SpawnedTool.binary != nil,
        "storage-conformance was not found next to the test bundle: build it with `swift build` first"))
struct EndToEndTests {
    static func binary() throws -> URL {
        try #require(SpawnedTool.binary)
    }

    @Test func runOnAFolderWritesTheReportAndExitsWithTheOutcome() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let tool = try SpawnedTool(
            try Self.binary(), ["run", folder.path("Scenarios"), "--junit", folder.path("out/junit.xml")],
            in: folder.url)
        let status = tool.waitForExit(timeout: 60)
        #expect(status == 1, "\(tool.output)\n\(tool.errors)")
        #expect(tool.output.hasSuffix("2 passed, 1 failed, 0 errored, 0 expected failures, 0 skipped\n"))
        #expect(!tool.output.contains("\u{1B}["))
        #expect(try #require(folder.read("out/junit.xml")).contains("<testsuite name=\"area/good\""))
    }

    /// No arguments: the scenarios in `Scenarios/` of the current folder, the report in `reports/junit.xml`.
    @Test func noArgumentsRunsScenariosIntoReports() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder, failing: false)
        let tool = try SpawnedTool(try Self.binary(), [], in: folder.url)
        let status = tool.waitForExit(timeout: 60)
        #expect(status == 0, "\(tool.output)\n\(tool.errors)")
        #expect(tool.output.hasSuffix("2 passed, 0 failed, 0 errored, 0 expected failures, 0 skipped\n"))
        let junit = try #require(folder.read("reports/junit.xml"))
        #expect(junit.contains("<testcase name=\"uploads a file\" classname=\"area/good\""))
    }

    @Test func serveAnswersAndStopsOnSIGTERM() throws {
        let folder = try TemporaryFolder()
        let tool = try SpawnedTool(try Self.binary(), ["serve", "--port", "0"], in: folder.url)
        let port = try #require(
            tool.waitForOutput(
                matching: "serving the reference implementation on http://127\\.0\\.0\\.1:([0-9]+)\n", timeout: 30),
            "\(tool.output)\n\(tool.errors)")
        #expect(Int(port).map { $0 > 0 } == true)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/v0/"))
        let status = try Self.status(of: url)
        #expect((100..<600).contains(status))
        let listing = try Self.status(of: try #require(URL(string: "http://127.0.0.1:\(port)/v0/b/some-bucket/o")))
        #expect(listing == 200)
        tool.terminate()
        #expect(tool.waitForExit(timeout: 30) == 0, "\(tool.output)\n\(tool.errors)")
        #expect(tool.output.hasSuffix("stopping\n"))
    }

    /// The status of a GET, waiting at most a few seconds.
    static func status(of url: URL) throws -> Int {
        let result = StatusBox()
        let done = DispatchSemaphore(value: 0)
        var request = URLRequest(url: url)
        request.timeoutInterval = 60
        URLSession.shared.dataTask(with: request) { _, response, error in
            result.set((response as? HTTPURLResponse)?.statusCode, error)
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 60) == .success else { throw EndToEndError("GET \(url) got no answer") }
        if let error = result.error { throw EndToEndError("GET \(url) failed: \(error)") }
        return try #require(result.status)
    }
}

struct EndToEndError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A response status handed over from URLSession's queue.
private final class StatusBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (Int?, (any Error)?) = (nil, nil)

    func set(_ status: Int?, _ error: (any Error)?) {
        lock.lock()
        value = (status, error)
        lock.unlock()
    }

    var status: Int? {
        lock.lock()
        defer { lock.unlock() }
        return value.0
    }

    var error: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return value.1
    }
}
