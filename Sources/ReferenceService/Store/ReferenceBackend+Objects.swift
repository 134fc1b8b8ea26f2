import Foundation
import Primitives
import StorageAPI

extension ReferenceBackend {
    /// Reads a byte range. A download token that is one of the object's grants the read without
    /// rules; any other token is 403. An `ifRange` other than the object's media ETag reads it whole from 0.
    /// An object on disk is opened under the catalogue's lock, so a replacement or delete that follows
    /// cannot take its bytes away from the read.
    public func readObject(_ request: ReadRequest) throws(BackendError) -> ObjectRead {
        let address = request.object
        try ObjectNameRules.validate(address.name)
        let caller = try Caller(auth: address.auth)
        if request.downloadToken == nil {
            try authorize(.read, bucket: address.bucket, path: address.name, caller: caller)
        }
        let (object, opened) = try withState {
            (state: inout BackendState) throws(BackendError) -> (StoredObject, OpenFile?) in
            let object = state.buckets[address.bucket]?.object(ObjectKey(address.name))
            if let token = request.downloadToken {
                guard let object, object.downloadTokens.contains(token) else {
                    throw .forbidden("Permission denied. The download token is not valid for this object.")
                }
                return (object, try object.open())
            }
            guard let object else { throw Self.objectNotFound(bucket: address.bucket, name: address.name) }
            return (object, try object.open())
        }
        let etag = object.digests.mediaETag
        var read: ObjectRead
        if let ifRange = request.ifRange, ifRange != etag {
            read = try object.read(offset: 0, length: nil, opened: opened)
        } else {
            read = try object.read(offset: request.offset, length: request.length, opened: opened)
            read.offset = request.offset
        }
        read.etag = etag
        if request.downloadToken == nil { read.resource = object.resource(bucket: address.bucket) }
        return read
    }

    public func getMetadata(_ object: ObjectAddress) throws(BackendError) -> ObjectResource {
        try ObjectNameRules.validate(object.name)
        let caller = try Caller(auth: object.auth)
        try authorize(.read, bucket: object.bucket, path: object.name, caller: caller)
        return try withState { (state: inout BackendState) throws(BackendError) -> ObjectResource in
            guard let stored = state.buckets[object.bucket]?.object(ObjectKey(object.name)) else {
                throw Self.objectNotFound(bucket: object.bucket, name: object.name)
            }
            return stored.resource(bucket: object.bucket)
        }
    }

    /// Applies a PATCH (see `MetadataPatch`); metageneration +1, `updated` now. A caller who may write but
    /// not read gets the answer without the download tokens, which would grant the read.
    public func updateMetadata(_ object: ObjectAddress, patch: MetadataPatch) throws(BackendError) -> ObjectResource {
        let caller = try writer(of: object)
        let now = Date()
        let mayRead = (try? authorize(.read, bucket: object.bucket, path: object.name, caller: caller)) != nil
        let updated = try writes.withLock { (_: inout Void) throws(BackendError) -> ObjectResource in
            let changed = try withState { (state: inout BackendState) throws(BackendError) -> StoredObject in
                guard var stored = state.buckets[object.bucket]?.object(ObjectKey(object.name)) else {
                    throw Self.objectNotFound(bucket: object.bucket, name: object.name)
                }
                stored.apply(patch, at: now)
                try MetadataRules.validate(stored.metadata)
                return stored
            }
            if let directory, let record = ObjectRecord(bucket: object.bucket, object: changed) {
                try directory.write(record)
            }
            _ = state.withLock { $0.put(changed, bucket: object.bucket, now: now) }
            return changed.resource(bucket: object.bucket)
        }
        return mayRead ? updated : WriteOnlyAnswer.answer(updated, after: patch)
    }

    /// The name rules, the caller's token and the write rule, as an upload or update checks them.
    public func checkWrite(_ object: ObjectAddress) throws(BackendError) {
        _ = try writer(of: object)
    }

    /// The caller of a write of `object`, once the name rules, the token and the write rule allow it.
    func writer(of object: ObjectAddress) throws(BackendError) -> Caller {
        try ObjectNameRules.validate(object.name)
        let caller = try Caller(auth: object.auth)
        try authorize(.write, bucket: object.bucket, path: object.name, caller: caller)
        return caller
    }

    public func deleteObject(_ object: ObjectAddress) throws(BackendError) {
        try checkWrite(object)
        let removed = try writes.withLock { (_: inout Void) throws(BackendError) -> StoredObject in
            let removed = try withState { (state: inout BackendState) throws(BackendError) -> StoredObject in
                guard let removed = state.buckets[object.bucket]?.remove(ObjectKey(object.name)) else {
                    throw Self.objectNotFound(bucket: object.bucket, name: object.name)
                }
                return removed
            }
            if let directory, let record = ObjectRecord(bucket: object.bucket, object: removed) {
                directory.remove(record)
            }
            return removed
        }
        withExtendedLifetime(removed) {}  // its bytes are freed here, outside the lock
    }
}
