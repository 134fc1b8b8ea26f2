import Foundation

/// A live backend whose every call is real work on a `VirtualClock` (`inRealTime`): while a request of the
/// client is on the wire, none of its sleeps skips ahead. It sits right in front of the network, below
/// anything that sleeps on the same clock (the faults a scenario injects), so that only the wire counts.
public struct RealTimeBackend: StorageBackend {
    public let inner: any StorageBackend
    public let clock: VirtualClock

    public init(_ inner: any StorageBackend, clock: VirtualClock) {
        self.inner = inner
        self.clock = clock
    }

    public func startUpload(_ request: UploadStart) throws(BackendError) -> UploadSession {
        try clock.inRealTime { () throws(BackendError) in try inner.startUpload(request) }
    }

    public func uploadChunk(session: String, offset: Int64, data: Data, finalize: Bool) throws(BackendError)
        -> UploadStatus
    {
        try clock.inRealTime { () throws(BackendError) in
            try inner.uploadChunk(session: session, offset: offset, data: data, finalize: finalize)
        }
    }

    public func uploadChunk(session: String, offset: Int64, body: any UploadBody, finalize: Bool)
        throws(BackendError) -> UploadStatus
    {
        try clock.inRealTime { () throws(BackendError) in
            try inner.uploadChunk(session: session, offset: offset, body: body, finalize: finalize)
        }
    }

    public func queryUpload(session: String) throws(BackendError) -> UploadStatus {
        try clock.inRealTime { () throws(BackendError) in try inner.queryUpload(session: session) }
    }

    public func cancelUpload(session: String) throws(BackendError) {
        try clock.inRealTime { () throws(BackendError) in try inner.cancelUpload(session: session) }
    }

    public func readObject(_ request: ReadRequest) throws(BackendError) -> ObjectRead {
        try clock.inRealTime { () throws(BackendError) in try inner.readObject(request) }
    }

    public func getMetadata(_ object: ObjectAddress) throws(BackendError) -> ObjectResource {
        try clock.inRealTime { () throws(BackendError) in try inner.getMetadata(object) }
    }

    public func updateMetadata(_ object: ObjectAddress, patch: MetadataPatch) throws(BackendError) -> ObjectResource {
        try clock.inRealTime { () throws(BackendError) in try inner.updateMetadata(object, patch: patch) }
    }

    public func deleteObject(_ object: ObjectAddress) throws(BackendError) {
        try clock.inRealTime { () throws(BackendError) in try inner.deleteObject(object) }
    }

    public func list(_ request: ListRequest) throws(BackendError) -> ListPage {
        try clock.inRealTime { () throws(BackendError) in try inner.list(request) }
    }

    public func checkWrite(_ object: ObjectAddress) throws(BackendError) {
        try clock.inRealTime { () throws(BackendError) in try inner.checkWrite(object) }
    }

    public var answersReadsAtOnce: Bool { inner.answersReadsAtOnce }
}
