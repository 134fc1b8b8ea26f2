import Dispatch
import Foundation
import HTTPCore
import Primitives
import ReferenceService
import Reports
import StorageServer
import StorageWire

/// `serve`: the reference implementation over HTTP until SIGINT or SIGTERM.
struct ServeCommand: ToolCommand {
    static let spec = CommandTable.serve
    let tool: CommandLineTool

    /// `GET /v0/b/x/o/a 200 311 bytes 0.4 ms 127.0.0.1:51234`, then what the rules decided when they did
    /// (`rules: denied: …`).
    static func logLine(_ entry: HTTPRequestLog) -> String {
        let (seconds, attoseconds) = entry.duration.components
        let milliseconds = Double(seconds) * 1e3 + Double(attoseconds) / 1e15
        return "\(entry.method) \(entry.target) \(entry.status) \(entry.responseBytes) bytes "
            + String(format: "%.1f ms", milliseconds) + " \(entry.remoteAddress)"
            + (entry.note.map { " " + VisibleEscapes.replacing(in: $0) { $0.value >= 0x20 && $0.value != 0x7F } } ?? "")
            + "\n"
    }

    /// What listening beyond loopback exposes, said once at start.
    static func exposureWarning(host: String, policy: HostPolicy) -> String {
        let administration =
            if policy.adminToken != nil {
                "the /internal routes (reset, rules, faults) answer any peer with the admin token"
            } else if policy.allowsRemoteAdministration {
                "the /internal routes (reset, rules, faults) answer ANY peer, with no token (--allow-remote-admin)"
            } else {
                "the /internal routes answer loopback peers only (give --admin-token to administer it from elsewhere)"
            }
        return "warning: listening on \(host), not only on loopback: anyone who can reach it can read and write "
            + "every bucket; \(administration)"
    }

    func run(_ options: ArgumentList) throws(ArgumentList.Problem) -> Int32 {
        if let extra = options.positionals.first {
            throw ArgumentList.Problem(description: "unexpected argument \(extra) (serve takes only options)")
        }
        let port = options[ServeOptions.port]
        let dataDirectory = options[ServeOptions.dataDirectory]
        let maxBody = Int(options[ServeOptions.maxBody])
        let host = options[ServeOptions.host]
        let maxSessions = options[ServeOptions.maxSessions]
        let idle = Duration.milliseconds(Int64(options[ServeOptions.sessionIdle] * 1000))
        let uploadBudget = PendingUploadBudget(limit: options[ServeOptions.uploadMemory])
        DescriptorBudget.raiseToHardLimit()
        MemoryReturn.mapLargeBuffers()
        let service: ReferenceBackend
        if let dataDirectory {
            let survey = DataDirectorySurvey(path: dataDirectory)
            if let note = survey.restoringNote { tool.say(note) }
            let started = ContinuousClock.now
            do throws(DataDirectoryError) {
                let directory = try DataDirectory.open(dataDirectory)
                service = try ReferenceBackend(
                    directory: directory, activeSessionLimit: maxSessions, sessionIdleTimeout: idle,
                    uploadBudget: uploadBudget)
                if survey.restoringNote != nil {
                    tool.say(
                        "restored \(dataDirectory) in \(Seconds.tenths(Seconds.of(ContinuousClock.now - started))) s")
                }
            } catch {
                tool.complain("cannot use the data directory: \(error)")
                return 2
            }
        } else {
            service = ReferenceBackend(
                activeSessionLimit: maxSessions, sessionIdleTimeout: idle, uploadBudget: uploadBudget)
        }
        let exportFolder = options[ServeOptions.exportOnExit].map { URL(fileURLWithPath: $0) }
        if let folder = options[ServeOptions.importFolder] {
            do throws(EmulatorExportError) {
                let loaded = try EmulatorExport.load(from: URL(fileURLWithPath: folder), into: service)
                tool.say(
                    "imported \(Plural.count(loaded.objects, "object")) (\(Plural.count(loaded.buckets, "bucket"))) from \(folder)"
                )
            } catch {
                tool.complain("cannot import \(folder): \(error)")
                return 2
            }
        }
        var rulesWatch: RulesFileWatch?
        if let rulesFile = options[ServeOptions.rules] {
            do throws(RulesFileError) {
                let (program, fingerprint) = try RulesFileWatch.load(rulesFile)
                service.setRulesForEveryBucket(program)
                let tool = self.tool
                rulesWatch = RulesFileWatch(path: rulesFile, loaded: fingerprint, administration: service) {
                    tool.complain($0)
                }
                tool.say("deciding every bucket with the rules of \(rulesFile) (rules_version \(program.version))")
            } catch {
                tool.complain("\(error)")
                return 2
            }
        }
        // Request threads hand log lines to a writer thread: a stalled reader of the output never blocks serving.
        let logOutput = BackgroundOutput(tool.output)
        var log: (@Sendable (HTTPRequestLog) -> Void)?
        if options[ServeOptions.verbose] {
            log = { entry in logOutput.write(Self.logLine(entry)) }
        }
        let hosts = HostPolicy.loopbackHosts.union(options.all(ServeOptions.allowHost))
        let hostPolicy = HostPolicy(
            allowedHosts: hosts, adminToken: options[ServeOptions.adminToken],
            allowsRemoteAdministration: options[ServeOptions.allowRemoteAdmin])
        let server = StorageServer(
            backend: service,
            configuration: HTTPServerConfiguration(
                host: host, port: port, maxBodyBytes: maxBody,
                maxBufferedBodyBytes: min(maxBody, HTTPServerConfiguration().maxBufferedBodyBytes)),
            administration: service,
            hostPolicy: hostPolicy,
            answersReadsOnLoop: true, log: log)
        // Watched before the address is printed: whoever reads it may stop serve at once.
        let stopped = DispatchSemaphore(value: 0)
        let watch = SignalWatch { _ in stopped.signal() }
        let bound: Int
        do {
            bound = try server.start()
        } catch {
            watch.cancel()
            rulesWatch?.cancel()
            tool.complain("cannot serve on \(host):\(port): \(error)")
            return 2
        }
        let displayHost = host.contains(":") ? "[\(host)]" : host
        tool.say(
            "storage-conformance \(ToolVersion.current) serving the reference implementation on http://\(displayHost):\(bound)"
        )
        if let dataDirectory { tool.say("keeping objects in \(dataDirectory)") }
        if host != "127.0.0.1" && host != "localhost" && host != "::1" {
            tool.complain(Self.exposureWarning(host: host, policy: hostPolicy))
        }
        stopped.wait()
        logOutput.flush(timeout: .seconds(1))
        tool.say("stopping")
        server.stop()
        watch.cancel()
        rulesWatch?.cancel()
        guard let exportFolder else { return 0 }
        do throws(EmulatorExportError) {
            let count = try EmulatorExport.write(service, to: exportFolder, version: ToolVersion.current)
            tool.say("exported \(Plural.count(count, "object")) to \(exportFolder.path)")
        } catch {
            tool.complain("cannot export to \(exportFolder.path): \(error)")
            return 1
        }
        return 0
    }
}
