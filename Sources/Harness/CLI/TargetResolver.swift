import Foundation

/// Turns `--target` into a target: `reference`, or the base URL of a live endpoint.
enum TargetResolver {
    static func target(_ text: String, stepTimeout: TimeInterval, adminToken: String? = nil) throws(ArgumentList
        .Problem) -> any Target
    {
        if text == "reference" { return ReferenceTarget() }
        if text.hasPrefix("http://") || text.hasPrefix("https://") {
            guard let url = URL(string: text), let host = url.host, !host.isEmpty, url.query == nil else {
                throw ArgumentList.Problem(description: "--target \(text) is not a base URL like http://127.0.0.1:9199")
            }
            return HTTPTarget(baseURL: url, requestTimeout: stepTimeout, adminToken: adminToken)
        }
        throw ArgumentList.Problem(
            description: "unknown target \(text) (use reference or a base URL like http://127.0.0.1:9199)")
    }
}
