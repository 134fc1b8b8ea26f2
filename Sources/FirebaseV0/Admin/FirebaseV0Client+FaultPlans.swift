import Foundation
import Primitives
import StorageAPI
import StorageWire

extension FirebaseV0Client {
    /// `PUT /internal/buckets/<bucket>/faults` of a `StorageServer`: arms `faults` after those the bucket's plan
    /// has, each counting its requests from now (docs/wire-protocol.md §6).
    public func armFaults(_ faults: [RequestFault], bucket: String) throws(BackendError) {
        let body = JSONValue.members(["faults": .array(faults.map(RequestFaultJSON.encode))])
        _ = try send(
            "PUT", faultPlanPath(bucket), auth: nil,
            headers: [("Content-Type", Self.jsonContentType)] + faultPlanHeaders, body: body.data)
    }

    /// `DELETE /internal/buckets/<bucket>/faults`: the bucket's plan is gone.
    public func disarmFaults(bucket: String) throws(BackendError) {
        _ = try send("DELETE", faultPlanPath(bucket), auth: nil, headers: faultPlanHeaders)
    }

    /// `GET /internal/buckets/<bucket>/faults`: how often each armed fault acted and the requests the plan saw.
    public func faultTally(bucket: String) throws(BackendError) -> FaultTally {
        let response = try send("GET", faultPlanPath(bucket), auth: nil, headers: faultPlanHeaders)
        guard let value = try? JSONParser.parse(response.body), let tally = FaultTally(json: value) else {
            throw BackendError(status: 502, "The fault plan's answer is not a tally of firings.")
        }
        return tally
    }

    private func faultPlanPath(_ bucket: String) -> String {
        "/internal/buckets/\(PathSegment.encode(bucket))/faults"
    }

    private var faultPlanHeaders: [(String, String)] {
        adminToken.flatMap { ClientWire.headerValue("Bearer " + $0) }.map { [("Authorization", $0)] } ?? []
    }
}
