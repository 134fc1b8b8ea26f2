import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

extension GCSJSONClient {
    /// `POST /storage/v1/b?project=P` for `name`; one that exists already (409) is emptied instead.
    public func createBucket(_ name: String) throws(BackendError) {
        let body = JSONValue.members(["name": .string(name)]).data
        let response = try ClientWire.send(
            OutgoingRequest(
                method: "POST", url: address.url(path: "/storage/v1/b", query: [("project", project)]),
                headers: [("Content-Type", Self.jsonContentType)], body: body), over: transport)
        switch response.status {
        case 200..<300: return
        case 409: try emptyBucket(name)
        default: throw ClientWire.failure(response)
        }
    }

    /// Deletes every object of `bucket`.
    public func emptyBucket(_ bucket: String) throws(BackendError) {
        var token: String?
        repeat {
            let page = try list(ListRequest(bucket: bucket, delimiter: nil, pageToken: token))
            for name in page.items { try deleteObject(ObjectAddress(bucket: bucket, name: name)) }
            token = page.nextPageToken
        } while token != nil
    }

    /// `DELETE /storage/v1/b/<bucket>`: the server refuses a bucket that still holds objects.
    public func deleteBucket(_ bucket: String) throws(BackendError) {
        _ = try send("DELETE", bucketPath(bucket))
    }

    /// Whether the endpoint answers the JSON API: `GET /storage/v1/b?project=P` must be a JSON bucket list.
    public func checkJSONAPI() throws(BackendError) {
        let response = try send("GET", "/storage/v1/b", query: [("project", project)])
        let object = try WireObject(parsing: response.body, what: "the bucket list", side: .response)
        guard object["kind"] == nil || object["kind"]?.stringValue == "storage#buckets" else {
            throw response.malformed("GET /storage/v1/b answered no bucket list")
        }
    }
}
