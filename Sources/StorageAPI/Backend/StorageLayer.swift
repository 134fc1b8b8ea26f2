/// Whose rules a write or a listing follows where Cloud Storage for Firebase and Cloud Storage itself differ
/// (docs/gcs-dialect.md §3 and §4). One place says what the Firebase v0 layer adds:
///
/// - a write into a bucket that does not exist makes it, as the Firebase emulator makes buckets on first use
///   (Cloud Storage answers 404);
/// - a new object without a `Content-Disposition` gets `inline; filename*=utf-8''NAME` (Cloud Storage sets none);
/// - a listing's prefix must be empty or end with the delimiter (Cloud Storage takes any prefix), and names with
///   an empty segment (`a//b`, `dir/`, `/a`) are hidden from listings (Cloud Storage lists every name);
/// - a listing of a bucket that does not exist is empty (Cloud Storage answers 404).
public enum StorageLayer: String, Sendable, Equatable {
    /// Firebase's v0 API, and the Apple SDK in process.
    case firebase
    /// Cloud Storage's own APIs: the JSON API and the XML API.
    case cloudStorage
}
