import StorageAPI

/// A scenario's faults carried out by the target for one bucket, for a client that cannot put them into its
/// own requests (a driver without `faults`): `serve` arms them in the bucket's fault plan
/// (`/internal/buckets/B/faults`), so they meet every request that reaches it, whoever sent it.
public protocol TargetFaultPlan: Sendable {
    /// Arms `faults` after those already armed, each counting its requests from now.
    func arm(_ faults: [RequestFault]) throws(TargetFailure)
    /// How often each armed fault acted, in the order armed, and the requests the plan saw.
    func tally() throws(TargetFailure) -> FaultTally
    /// Removes every fault armed for the bucket.
    func disarm()
}
