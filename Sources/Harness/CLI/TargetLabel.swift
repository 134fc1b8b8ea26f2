import Foundation

/// The target's name a manifest records when no `--label` is given: a loopback URL's port changes from run to
/// run (`serve --port 0`, an emulator on a free port), so it is left out.
enum TargetLabel {
    /// `http://127.0.0.1:54321` → `http://127.0.0.1`, `gcs+http://localhost:4443/x` → `gcs+http://localhost/x`;
    /// any other name unchanged.
    static func stable(_ name: String) -> String {
        let prefix = name.hasPrefix("gcs+") ? "gcs+" : ""
        guard var parts = URLComponents(string: String(name.dropFirst(prefix.count))),
            let host = parts.host, ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host), parts.port != nil
        else { return name }
        parts.port = nil
        return parts.string.map { prefix + $0 } ?? name
    }
}
