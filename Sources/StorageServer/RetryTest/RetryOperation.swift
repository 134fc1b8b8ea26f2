import FirebaseV0
import GCSJSON
import HTTPCore

/// The GCS operation a request stands for, as retry tests name them (docs/gcs-dialect.md §6): the JSON API's
/// own routes, and the v0 routes mapped to the same names.
enum RetryOperation {
    static func name(of http: HTTPRequest) -> String? {
        if GCSRoute.claims(http.path) {
            guard let route = try? GCSRoute(path: http.path) else { return nil }
            switch (route, http.method) {
            case (.buckets, "POST"): return "storage.buckets.insert"
            case (.buckets, _): return "storage.buckets.list"
            case (.bucket, "DELETE"): return "storage.buckets.delete"
            case (.bucket, _): return "storage.buckets.get"
            case (.objects, _): return "storage.objects.list"
            case (.object, "PATCH"): return "storage.objects.patch"
            case (.object, "PUT"): return "storage.objects.update"
            case (.object, "DELETE"): return "storage.objects.delete"
            case (.object, _): return "storage.objects.get"
            case (.copy(_, _, let rewrite), _): return rewrite ? "storage.objects.rewrite" : "storage.objects.copy"
            case (.upload, _): return "storage.objects.insert"
            }
        }
        guard let route = try? StorageRoute(path: http.path) else { return nil }
        switch (route, http.method) {
        case (.bucket, "GET"), (.bucket, "HEAD"): return "storage.objects.list"
        case (.bucket, _): return "storage.objects.insert"
        case (.object, "GET"), (.object, "HEAD"): return "storage.objects.get"
        case (.object, "PATCH"): return "storage.objects.patch"
        case (.object, "DELETE"): return "storage.objects.delete"
        case (.object, _): return "storage.objects.insert"
        case (.serviceRoot, _), (.reset, _), (.info, _), (.rules, _), (.fixture, _): return nil
        }
    }
}
