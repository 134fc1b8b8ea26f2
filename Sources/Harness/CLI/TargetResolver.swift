import Foundation
import Targets

/// Turns `--target` into a target: `reference`, the base URL of a v0 endpoint, or `gcs+` and the base URL of
/// a GCS JSON API server.
enum TargetResolver {
    /// What `--target` names, checked when the arguments are read.
    enum Address: Sendable {
        case reference
        case live(url: URL, speaksGCS: Bool)
    }

    static func address(_ text: String) throws(ArgumentList.Problem) -> Address {
        if text == "reference" { return .reference }
        let live = try endpoint(text)
        return .live(url: live.url, speaksGCS: live.speaksGCS)
    }

    static func target(_ address: Address, stepTimeout: TimeInterval, adminToken: String? = nil) -> any Target {
        switch address {
        case .reference: ReferenceTarget()
        case .live(let url, true): GCSTarget(baseURL: url, requestTimeout: stepTimeout)
        case .live(let url, false): HTTPTarget(baseURL: url, requestTimeout: stepTimeout, adminToken: adminToken)
        }
    }

    /// A live target's base URL, and whether it speaks the GCS JSON API (`gcs+`) rather than v0.
    static func endpoint(_ text: String) throws(ArgumentList.Problem) -> (url: URL, speaksGCS: Bool) {
        if text.hasPrefix("gcs+http://") || text.hasPrefix("gcs+https://") {
            let url = try baseURL(String(text.dropFirst("gcs+".count)), as: text, example: "gcs+http://127.0.0.1:4443")
            return (url, true)
        }
        if text.hasPrefix("http://") || text.hasPrefix("https://") {
            return (try baseURL(text, as: text, example: "http://127.0.0.1:9199"), false)
        }
        throw ArgumentList.Problem(
            description:
                "unknown target \(text) (use reference, a v0 base URL like http://127.0.0.1:9199, or a GCS JSON API "
                + "base URL like gcs+http://127.0.0.1:4443)")
    }

    private static func baseURL(_ text: String, as written: String, example: String) throws(ArgumentList.Problem)
        -> URL
    {
        guard let url = URL(string: text), let host = url.host, !host.isEmpty, url.query == nil else {
            throw ArgumentList.Problem(description: "--target \(written) is not a base URL like \(example)")
        }
        return url
    }
}
