import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A target that is down, slow, or not a v0 storage server gets one clear answer before anything runs,
/// and a run that meets repeated timeouts stops instead of lasting hours.
@Suite("target checks")
struct TargetCheckTests {
    private func run(_ target: String, _ extra: [String] = [], in folder: TemporaryFolder) -> ToolRun {
        ToolRun(["run", folder.path("Scenarios"), "--target", target, "--junit", folder.path("junit.xml")] + extra)
    }

    @Test func aPlainWebServerIsNamedForWhatItIs() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let server = try StandInServer(.plainWeb)
        defer { server.stop() }
        let run = run(server.url, in: folder)
        #expect(run.code == 2)
        #expect(run.output.isEmpty)
        #expect(
            run.errors.contains(
                "\(server.url) does not speak the Firebase Storage v0 protocol: GET /v0/b/…/o answered 404 Not Found (text/html, "
            ), "\(run.errors)")
        #expect(run.errors.split(separator: "\n").count == 2)
        #expect(try #require(folder.read("junit.xml")).contains("type=\"TargetError\""))
    }

    @Test func aGCSServerIsRecognised() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let server = try StandInServer(.gcsJSON)
        defer { server.stop() }
        let run = run(server.url, in: folder)
        #expect(run.code == 2)
        #expect(run.errors.contains("it answers the GCS JSON API (GET /storage/v1/b)"), "\(run.errors)")
    }

    @Test func aSilentTargetIsOneTimeout() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let server = try MisbehavingListener()
        defer { server.close() }
        let run = run("http://127.0.0.1:\(server.port)", ["--timeout", "0.3"], in: folder)
        #expect(run.code == 2)
        #expect(
            run.errors.hasPrefix(
                "storage-conformance: cannot reach http://127.0.0.1:\(server.port): no answer within 0.3 s\n"),
            "\(run.errors)")
    }

    /// The target answers the first question, then nothing in time: after three scenarios in a row time out
    /// the run stops, and the rest are reported as not run, unless --keep-going.
    @Test func repeatedTimeoutsStopTheRun() throws {
        let folder = try TemporaryFolder()
        let scenarios = (1...6).map {
            "scenario: s\($0)\nsteps:\n  - getMetadata: a\($0)\n    expect: { error: objectNotFound }\n"
        }
        try folder.write("Scenarios/slow.yaml", scenarios.joined(separator: "---\n"))
        let server = try StandInServer(.v0ThenSilent(delay: 2))
        defer { server.stop() }
        let stopped = run(server.url, ["--timeout", "0.2", "--json", folder.path("run.json")], in: folder)
        #expect(stopped.code == 1)
        #expect(stopped.errors.contains("stopped: the target timed out in 3 scenarios in a row"), "\(stopped.errors)")
        #expect(
            stopped.output.hasSuffix("0 passed, 0 failed, 6 errored, 0 expected failures, 0 skipped\n"),
            "\(stopped.output)")
        let junit = try #require(folder.read("junit.xml"))
        #expect(junit.components(separatedBy: "type=\"NotRun\"").count - 1 == 3)
        #expect(junit.components(separatedBy: "<error ").count - 1 == 6)

        let kept = run(server.url, ["--timeout", "0.2", "--keep-going"], in: folder)
        #expect(kept.code == 1)
        #expect(!kept.errors.contains("stopped:"))
        let all = try #require(folder.read("junit.xml"))
        #expect(all.components(separatedBy: "<error ").count - 1 == 6)
        #expect(!all.contains("type=\"NotRun\""))
    }
}

/// A listening socket that never accepts: connections complete in the backlog and requests are never read.
final class MisbehavingListener {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.descriptor = descriptor
    }

    /// Waits (at most `timeout` seconds, against a hang) for a client to connect; its socket, or -1.
    func acceptOne(timeout: Int32) -> Int32 {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, timeout * 1000) == 1 else { return -1 }
        return accept(descriptor, nil, nil)
    }

    func close() { _ = Glibc.close(descriptor) }
}
