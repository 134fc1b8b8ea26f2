import Foundation
import Reports

/// What a data directory holds before `serve` opens it (docs/data-directory.md §1: `objects/` and
/// `sessions/` hold one record each, `staging/` an open upload's bytes), so that `serve` can say what it is
/// doing while it restores them: an open upload's bytes are hashed again before it listens.
struct DataDirectorySurvey {
    let path: String
    let objects: Int
    let sessions: Int
    let stagedBytes: Int64

    init(path: String) {
        self.path = path
        objects = Self.names(in: path + "/objects").count
        sessions = Self.names(in: path + "/sessions").count
        var bytes: Int64 = 0
        for name in Self.names(in: path + "/staging") {
            let size = (try? FileManager.default.attributesOfItem(atPath: path + "/staging/" + name))?[.size]
            let (sum, overflow) = bytes.addingReportingOverflow((size as? NSNumber)?.int64Value ?? 0)
            bytes = overflow ? .max : sum
        }
        stagedBytes = bytes
    }

    /// The line `serve` prints before it restores, when there is anything to restore.
    var restoringNote: String? {
        guard objects > 0 || sessions > 0 else { return nil }
        var note = "restoring \(path): \(Plural.count(objects, "object")), \(Plural.count(sessions, "open upload"))"
        if stagedBytes > 0 {
            note +=
                " holding " + String(format: "%.1f MiB", Double(stagedBytes) / 1_048_576)
                + " (hashed again before serve listens)"
        }
        return note + "…"
    }

    private static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }
    }
}
