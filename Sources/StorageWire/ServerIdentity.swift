/// What this project's server calls itself (`GET /internal/info`, `GET /v0/`) and the version of its protocol
/// surface, which its clients also send.
package enum ServerIdentity {
    package static let name = "storage-conformance"
    package static let version = "0.2.0"
}
