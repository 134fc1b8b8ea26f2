/// The tool's version, reported by `--version` and in every report.
public enum ToolVersion {
    public static let current = "0.1.0"
}
