import Foundation
import ScenarioLanguage
import YAMLReader

/// The scenarios an implementation is known to fail, with the reasons (`--expectations FILE`).
///
/// A listed scenario that fails is reported as skipped with its reason; one that passes, or an id that no
/// scenario has, fails the run.
public struct ExpectationsManifest: Sendable, Equatable {
    /// One listed scenario.
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var reason: String
        public var line: Int

        public init(id: String, reason: String, line: Int) {
            self.id = id
            self.reason = reason
            self.line = line
        }
    }

    public var path: String
    /// The implementation the manifest describes (`target:`), for people reading it.
    public var target: String?
    public var entries: [Entry]

    public init(path: String, target: String?, entries: [Entry]) {
        self.path = path
        self.target = target
        self.entries = entries
    }

    /// Reason by scenario id.
    public var failures: [String: String] {
        Dictionary(entries.map { ($0.id, $0.reason) }, uniquingKeysWith: { first, _ in first })
    }
}

extension ExpectationsManifest {
    /// Reads a manifest: `target:` (optional) and `failures:`, a mapping of scenario id to reason.
    /// Anything else is an error at its line and column.
    public static func load(path: String) throws(Diagnostic) -> ExpectationsManifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic(
                severity: .error, file: path, location: SourceLocation(line: 1, column: 1, offset: 0),
                message: "cannot read the expectations manifest", sourceLine: "")
        }
        let source = SourceFile(path: path, bytes: [UInt8](data))
        let documents = try YAMLParser.parse(source)
        guard documents.count <= 1 else {
            throw source.diagnostic(at: documents[1].location, "a manifest is one document")
        }
        guard let root = documents.first?.root, !root.isNull else {
            return ExpectationsManifest(path: path, target: nil, entries: [])
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
                    guard let reason = failure.value.stringValue, !reason.isEmpty else {
                        throw source.diagnostic(
                            at: failure.value.location, "give the reason \(id) is expected to fail, as a string")
                    }
                    entries.append(Entry(id: id, reason: reason, line: failure.key.location.line))
                }
            default:
                throw source.diagnostic(
                    at: pair.key.location,
                    "unknown key \(pair.key.stringValue.map { "\"\($0)\"" } ?? "") (expected target or failures)")
            }
        }
        return ExpectationsManifest(path: path, target: target, entries: entries)
    }
}
