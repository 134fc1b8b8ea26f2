import Primitives

/// What `GCSJSONClient` hands back as a read's `etag`, and reads back from a later read's `ifRange`: the answer's
/// ETag with the generation it came from (`x-goog-generation`). Google's clients pin a download to the generation of
/// its first answer (`?generation=N` on every later request), so a download resumed after the object was replaced
/// never splices two objects; an `If-Range` alone does not do that against a server that ignores it.
struct GCSReadValidator: Equatable {
    var generation: Int64?
    var etag: String?

    private static let marker = "gcs-read;generation="

    /// `gcs-read;generation=N;etag=E`, or the ETag alone when no generation was told.
    var text: String? {
        guard let generation else { return etag }
        return Self.marker + String(generation) + ";etag=" + (etag ?? "")
    }

    /// Reads `text` as `text` writes it; anything else is an ETag of another origin, kept as it is.
    init(_ text: String?) {
        guard let text, text.hasPrefix(Self.marker), let separator = text.range(of: ";etag=") else {
            etag = text
            return
        }
        let number = text[text.index(text.startIndex, offsetBy: Self.marker.count)..<separator.lowerBound]
        generation = JSONValue.decimalInteger(String(number))
        let rest = String(text[separator.upperBound...])
        etag = rest.isEmpty ? nil : rest
    }

    init(generation: Int64?, etag: String?) {
        self.generation = generation
        self.etag = etag
    }
}
