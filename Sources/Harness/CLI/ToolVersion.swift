import StorageWire

/// The tool's version, reported by `--version` and in every report: the one `serve` and the clients announce
/// (`ServerIdentity`), so a release bumps it in one place.
public enum ToolVersion {
    public static let current = ServerIdentity.version
}
