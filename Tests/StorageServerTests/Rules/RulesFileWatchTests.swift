import Foundation
import Primitives
import ReferenceService
import SecurityRules
import StorageServer
import Testing

/// `serve --rules FILE`: the file is read at start and again whenever it changes; an edit that does not load
/// keeps the rules loaded before and says why.
@Suite struct RulesFileWatchTests {
    static func rules(allowing method: String) -> String {
        "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /{p=**} {\n      allow \(method);\n    }\n  }\n}\n"
    }

    /// Waits (up to 20 s, polling) for `condition`.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date() + 20
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    @Test func aFileThatCannotBeUsedSaysWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.rules").path
        #expect {
            try RulesFileWatch.load(missing)
        } throws: { error in
            "\(error)".contains("cannot read the rules file \(missing)")
        }
        let huge = folder.appendingPathComponent("huge.rules")
        try Data(count: RulesLimits.sourceBytes + 1).write(to: huge)
        #expect {
            try RulesFileWatch.load(huge.path)
        } throws: { error in
            "\(error)"
                == "cannot read the rules file \(huge.path): it is \(RulesLimits.sourceBytes + 1) bytes; a rules file is at most \(RulesLimits.sourceBytes)"
        }
        #expect(throws: RulesFileError.self) { try RulesFileWatch.load(folder.path) }
        let broken = folder.appendingPathComponent("broken.rules")
        try Data("service firebase.storage {\n  match /b/{bucket}/o {\n    allow rread;\n  }\n}\n".utf8).write(
            to: broken)
        #expect {
            try RulesFileWatch.load(broken.path)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("\(broken.path):3:11: ") && text.hasSuffix("\n    allow rread;\n          ^")
        }
    }

    @Test func anEditIsLoadedAndABrokenEditKeepsTheRulesBefore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("storage.rules")
        try Data(Self.rules(allowing: "get").utf8).write(to: file)
        let backend = ReferenceBackend()
        let (program, fingerprint) = try RulesFileWatch.load(file.path)
        backend.setRulesForEveryBucket(program)
        let reports = Locked<[String]>([])
        let watch = RulesFileWatch(
            path: file.path, loaded: fingerprint, administration: backend, interval: .milliseconds(10)
        ) { line in reports.withLock { $0.append(line) } }
        defer { watch.cancel() }

        try Data(Self.rules(allowing: "list").utf8).write(to: file)
        #expect(Self.eventually { backend.rules(for: "b")?.source.text.contains("allow list;") == true })
        #expect(reports.withLock { $0.last?.contains("reloaded the rules from \(file.path)") == true })

        try Data("rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    allow\n".utf8)
            .write(to: file)
        #expect(Self.eventually { reports.withLock { $0.last?.contains("keeping the rules loaded before") == true } })
        #expect(reports.withLock { $0.last?.hasPrefix("\(file.path):") == true })
        #expect(backend.rules(for: "b")?.source.text.contains("allow list;") == true)

        try FileManager.default.removeItem(at: file)
        #expect(Self.eventually { reports.withLock { $0.last?.contains("cannot read the rules file") == true } })
        try Data(Self.rules(allowing: "create").utf8).write(to: file)
        #expect(Self.eventually { backend.rules(for: "b")?.source.text.contains("allow create;") == true })
    }
}
