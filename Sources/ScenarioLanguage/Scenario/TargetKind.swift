/// What kind of target a scenario runs against, as `targets:` names it: the reference in process, a live
/// endpoint over the Firebase v0 protocol, or one over the GCS JSON API.
public enum TargetKind: String, Sendable, CaseIterable {
    case reference, http, gcs
}
