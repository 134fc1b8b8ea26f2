import Dispatch
import Foundation
import Primitives
import ReferenceService
import SecurityRules

/// `serve --rules FILE`: a rules file that decides every bucket without rules of its own, loaded again whenever
/// it changes, as the Firebase emulator reloads its `storage.rules`.
///
/// A Dispatch timer compares the file's size, modification time and inode every `interval` (editors replace a
/// file by renaming a new one over it, which file events lose track of). An edit that does not load keeps the
/// rules loaded before, and `report` says so with the error's `file:line:col` and caret.
public final class RulesFileWatch {
    public let path: String
    private let timer: any DispatchSourceTimer

    /// Watches `path`, which `load` already read into `administration` (`loaded` is what it saw).
    public init(
        path: String, loaded: Fingerprint?, administration: any StorageAdministration,
        interval: DispatchTimeInterval = .milliseconds(250), report: @escaping @Sendable (String) -> Void
    ) {
        self.path = path
        let reloader = Reloader(path: path, administration: administration, report: report, seen: Locked(loaded))
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "storage-conformance.rules-file"))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
        timer.setEventHandler { reloader.check() }
        timer.resume()
    }

    public func cancel() {
        timer.cancel()
    }

    /// Reads and loads the rules file: the program, and what the file looked like. The error says what is
    /// wrong: the file cannot be read, or its rules do not load (`Diagnostic`).
    public static func load(_ path: String) throws(RulesFileError) -> (RulesProgram, Fingerprint) {
        let fingerprint = Fingerprint(path)
        let source: RulesSource
        do {
            source = try RulesSource(file: path)
        } catch {
            throw .unreadable(error)
        }
        guard let fingerprint else {
            throw .unreadable(RulesFileReadError(path: path, reason: "it changed while it was read"))
        }
        do {
            return (try RulesProgram(source), fingerprint)
        } catch {
            throw .invalid(error)
        }
    }

    /// What the timer runs: the file, where its rules go, and what it looked like when it was last read (nil: it
    /// could not be read).
    private struct Reloader: Sendable {
        let path: String
        let administration: any StorageAdministration
        let report: @Sendable (String) -> Void
        let seen: Locked<Fingerprint?>

        /// Loads the file again when it looks different from when it was last read.
        func check() {
            let now = Fingerprint(path)
            guard seen.withLock({ $0 }) != now else { return }
            seen.withLock { $0 = now }
            guard now != nil else {
                report(
                    "cannot read the rules file \(path) (gone, or not a regular file); keeping the rules loaded before")
                return
            }
            do throws(RulesFileError) {
                let (program, fingerprint) = try RulesFileWatch.load(path)
                seen.withLock { $0 = fingerprint }
                administration.setRulesForEveryBucket(program)
                report("reloaded the rules from \(path) (rules_version \(program.version))")
            } catch {
                report("\(error)\nthe rules file \(path) did not load; keeping the rules loaded before")
            }
        }
    }

    /// What a file looks like from outside: its size, modification time and inode.
    public struct Fingerprint: Sendable, Equatable {
        let size: Int64
        let modified: Date
        let inode: UInt64

        /// Nil when `path` is not a regular file that can be looked at.
        init?(_ path: String) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let size = (attributes[.size] as? NSNumber)?.int64Value,
                let modified = attributes[.modificationDate] as? Date
            else { return nil }
            self.size = size
            self.modified = modified
            inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        }
    }
}

/// Why a rules file could not be used.
public enum RulesFileError: Error, Sendable, CustomStringConvertible {
    case unreadable(RulesFileReadError)
    case invalid(Diagnostic)

    public var description: String {
        switch self {
        case .unreadable(let error): error.description
        case .invalid(let error): error.description
        }
    }
}
