import Foundation
import Primitives
import Reports
import ScenarioLanguage
import YAMLReader

/// The scenarios an implementation is known to fail, each with the failure it is expected to end in (its
/// pin) and why (`--expectations FILE`).
///
/// A listed scenario that fails as pinned is an expected failure; one that fails otherwise (a changed
/// failure), one that passes, and an id that no scenario has fail the run. An entry without a pin (a manifest
/// written before pins) accepts any failure.
public struct ExpectationsManifest: Sendable, Equatable {
    /// One listed scenario.
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var reason: String
        /// The failure it is expected to end in; nil accepts any.
        public var pin: FailurePin?
        public var line: Int
        /// `crashes: true`: the scenario takes the target down, so it is left out of the run (skipped, with the
        /// reason) instead of run.
        public var crashes: Bool

        public init(id: String, reason: String, pin: FailurePin? = nil, line: Int, crashes: Bool = false) {
            self.id = id
            self.reason = reason
            self.pin = pin
            self.line = line
            self.crashes = crashes
        }

        public var listed: ListedFailure { ListedFailure(reason: reason, pin: pin) }
    }

    public var path: String
    /// The implementation the manifest describes (`target:`), for people reading it.
    public var target: String?
    public var entries: [Entry]
    /// The comment lines the file starts with (`# …`), kept when the manifest is written again.
    public var header: [String]

    public init(path: String, target: String?, entries: [Entry], header: [String] = []) {
        self.path = path
        self.target = target
        self.entries = entries
        self.header = header
    }

    /// The entry of each listed scenario, by id.
    public var listings: [String: ListedFailure] {
        Dictionary(
            entries.filter { !$0.crashes }.map { ($0.id, $0.listed) }, uniquingKeysWith: { first, _ in first })
    }

    /// The known crashers (`crashes: true`) and why each is left out of the run, by id.
    public var crashers: [String: String] {
        Dictionary(
            entries.filter(\.crashes).map { ($0.id, $0.reason) }, uniquingKeysWith: { first, _ in first })
    }

    /// The entries without a pin, which accept any failure.
    public var unpinned: [Entry] { entries.filter { $0.pin == nil && !$0.crashes } }

    /// The entries whose pin has no fingerprint (written before fingerprints, or by hand): they match on the
    /// step and kind alone, and `--strict-expectations` refuses them.
    public var withoutFingerprint: [Entry] { entries.filter { !$0.crashes && $0.pin?.fingerprint == nil } }
}

extension ExpectationsManifest {
    /// Reads a manifest: `target:` (optional) and `failures:`, a mapping of scenario id to an entry,
    /// `{ fails: PIN, reason: TEXT }`, or to the reason alone (an entry without a pin). Anything else is an
    /// error at its line and column.
    public static func load(path: String) throws(Diagnostic) -> ExpectationsManifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic(
                severity: .error, file: path, location: SourceLocation(line: 1, column: 1, offset: 0),
                message: "cannot read the expectations manifest", sourceLine: "")
        }
        let source = SourceFile(path: path, bytes: [UInt8](data))
        let header = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { $0.hasPrefix("#") }.map(String.init)
        let documents = try YAMLParser.parse(source)
        guard documents.count <= 1 else {
            throw source.diagnostic(at: documents[1].location, "a manifest is one document")
        }
        guard let root = documents.first?.root, !root.isNull else {
            return ExpectationsManifest(path: path, target: nil, entries: [], header: header)
        }
        guard let pairs = root.mappingPairs else {
            throw source.diagnostic(
                at: root.location, "expected a mapping with target and failures, found a \(root.typeName)")
        }
        var target: String?
        var entries: [Entry] = []
        for pair in pairs {
            switch pair.key.stringValue {
            case "target":
                guard let text = pair.value.stringValue else {
                    throw source.diagnostic(at: pair.value.location, "target must be a string")
                }
                target = text
            case "failures":
                if pair.value.isNull { continue }
                guard let failures = pair.value.mappingPairs else {
                    throw source.diagnostic(
                        at: pair.value.location,
                        "failures must map scenario ids to reasons, found a \(pair.value.typeName)")
                }
                for failure in failures {
                    guard let id = failure.key.stringValue, !id.isEmpty else {
                        throw source.diagnostic(at: failure.key.location, "a scenario id must be a string")
                    }
                    let (reason, pin, crashes) = try entry(failure.value, id: id, source: source)
                    entries.append(
                        Entry(id: id, reason: reason, pin: pin, line: failure.key.location.line, crashes: crashes))
                }
            default:
                throw source.diagnostic(
                    at: pair.key.location,
                    "unknown key \(pair.key.stringValue.map { "\"\($0)\"" } ?? "") (expected target or failures)")
            }
        }
        return ExpectationsManifest(path: path, target: target, entries: entries, header: header)
    }

    /// One entry: the reason alone, `fails:` and `reason:`, or `crashes: true` and `reason:`.
    private static func entry(_ node: YAMLNode, id: String, source: SourceFile) throws(Diagnostic) -> (
        String, FailurePin?, Bool
    ) {
        if let reason = node.stringValue {
            guard !reason.isEmpty else {
                throw source.diagnostic(
                    at: node.location,
                    "give the reason \(id) is expected to fail, as a string or as { fails: PIN, reason: TEXT }")
            }
            return (reason, nil, false)
        }
        guard let pairs = node.mappingPairs else {
            throw source.diagnostic(
                at: node.location,
                "give the reason \(id) is expected to fail, as a string or as { fails: PIN, reason: TEXT }")
        }
        var reason: String?
        var pin: FailurePin?
        var crashes = false
        for pair in pairs {
            switch pair.key.stringValue {
            case "reason":
                guard let text = pair.value.stringValue, !text.isEmpty else {
                    throw source.diagnostic(at: pair.value.location, "reason must be a string that is not empty")
                }
                reason = text
            case "fails":
                guard let text = pair.value.stringValue, let parsed = FailurePin(parsing: text) else {
                    throw source.diagnostic(
                        at: pair.value.location,
                        "fails must name the failure expected, as \(FailurePin.grammar) (KIND: a failure type such as "
                            + "ListMismatch or StepTimeout), found \(pair.value.stringValue.map { "\"\($0)\"" } ?? "a \(pair.value.typeName)")"
                    )
                }
                pin = parsed
            case "crashes":
                guard pair.value.boolValue == true else {
                    throw source.diagnostic(
                        at: pair.value.location, "crashes must be true (the scenario is left out of the run)")
                }
                crashes = true
            default:
                throw source.diagnostic(
                    at: pair.key.location,
                    "unknown key \(pair.key.stringValue.map { "\"\($0)\"" } ?? "") in \(id)'s entry (expected fails, crashes or reason)"
                )
            }
        }
        guard let reason else {
            throw source.diagnostic(at: node.location, "\(id): give the reason it is expected to fail (reason:)")
        }
        guard !(crashes && pin != nil) else {
            throw source.diagnostic(at: node.location, "\(id): an entry either fails (fails:) or crashes, not both")
        }
        return (reason, pin, crashes)
    }
}
