import Foundation
import Primitives
import SecurityRules
import StorageAPI

extension ReferenceBackend {
    /// Reads a byte range (rules method `get`). A download token that is one of the object's grants the read
    /// without rules; any other token is 403. An `ifRange` other than the object's media ETag reads it whole
    /// from 0. The object is taken, and a file on disk opened, under the catalogue's lock: the read answers that
    /// snapshot, whatever replaces or deletes the object while the rules decide.
    public func readObject(_ request: ReadRequest) throws(BackendError) -> ObjectRead {
        let address = request.object
        try ObjectNameRules.validate(address.name)
        let caller = try Caller(auth: address.auth)
        let (program, found, opened) = try withState {
            (state: inout BackendState) throws(BackendError) -> (RulesProgram?, StoredObject?, OpenFile?) in
            let object = state.object(bucket: address.bucket, name: address.name)
            if let token = request.downloadToken {
                guard let object, object.downloadTokens.contains(token) else {
                    throw .forbidden("Permission denied. The download token is not valid for this object.")
                }
                return (nil, object, try object.open())
            }
            return (state.rules.program(for: address.bucket), object, try object?.open())
        }
        if request.downloadToken == nil {
            try RulesCheck(program: program, bucket: address.bucket, caller: caller)
                .require(.get, path: address.name, resource: found)
        }
        guard let object = found else { throw Self.objectNotFound(bucket: address.bucket, name: address.name) }
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

    /// The object's metadata (rules method `get`), from the snapshot the rules decided on.
    public func getMetadata(_ object: ObjectAddress) throws(BackendError) -> ObjectResource {
        try ObjectNameRules.validate(object.name)
        let caller = try Caller(auth: object.auth)
        let (program, stored) = snapshot(object)
        try RulesCheck(program: program, bucket: object.bucket, caller: caller)
            .require(.get, path: object.name, resource: stored)
        guard let stored else { throw Self.objectNotFound(bucket: object.bucket, name: object.name) }
        return stored.resource(bucket: object.bucket)
    }

    /// Applies a PATCH (see `MetadataPatch`; rules method `update`, with `request.resource` the object as patched);
    /// metageneration +1, `updated` now. A caller who may update but not read gets back only what its patch
    /// set (`WriteOnlyAnswer`): nothing it may not read.
    public func updateMetadata(_ object: ObjectAddress, patch asked: MetadataPatch) throws(BackendError)
        -> ObjectResource
    {
        try ObjectNameRules.validate(object.name)
        let caller = try Caller(auth: object.auth)
        return try decidingOutsideTheLock { () throws(BackendError) -> ObjectResource in
            let now = Date()
            let (program, stored) = snapshot(object)
            let patch = program == nil ? asked : asked.withoutDownloadTokens
            let check = RulesCheck(program: program, bucket: object.bucket, caller: caller)
            let patched = stored.map { stored -> StoredObject in
                var patched = stored
                patched.apply(patch, at: now)
                return patched
            }
            try check.require(.update, path: object.name, resource: stored) {
                patched?.rulesObject(bucket: object.bucket)
            }
            let mayRead = check.decide(.get, path: object.name, resource: patched)?.allowed ?? true
            let updated = try writes.withLock { (_: inout Void) throws(BackendError) -> ObjectResource in
                let changed = try withState { (state: inout BackendState) throws(BackendError) -> StoredObject in
                    if program != nil { try state.require(stored?.version, bucket: object.bucket, name: object.name) }
                    guard var current = state.object(bucket: object.bucket, name: object.name) else {
                        throw Self.objectNotFound(bucket: object.bucket, name: object.name)
                    }
                    current.apply(patch, at: now)
                    try MetadataRules.validate(current.metadata)
                    return current
                }
                if let directory, let record = ObjectRecord(bucket: object.bucket, object: changed) {
                    try directory.write(record)
                }
                _ = state.withLock { $0.put(changed, bucket: object.bucket, now: now) }
                return changed.resource(bucket: object.bucket)
            }
            return mayRead ? updated : WriteOnlyAnswer.answer(updated, after: patch)
        }
    }

    /// What the head of an upload or a metadata update (before its body) can tell: the name rules, the caller's
    /// token, and a denial by the rules that no body could turn (see `RulesCheck.requireFromHead`). Only the
    /// name is known: a condition on `request.resource`'s size, type or metadata is decided once they are.
    public func checkWrite(_ object: ObjectAddress) throws(BackendError) {
        try ObjectNameRules.validate(object.name)
        let caller = try Caller(auth: object.auth)
        let (program, stored) = snapshot(object)
        let check = RulesCheck(program: program, bucket: object.bucket, caller: caller)
        let incoming = StoredObject.incoming(
            name: object.name, bucket: object.bucket, metadata: ObjectMetadataFields(), size: nil, digests: nil,
            layer: .firebase, now: Date())
        // The head does not tell an upload (a `create`, over an existing object too) from a metadata update (an
        // `update`): it refuses only what both would be refused.
        let methods: [RulesMethod] = [.create, .update]
        var denial: BackendError?
        for method in methods {
            do {
                try check.requireFromHead(
                    method, path: object.name, resource: stored, incoming: incoming, known: [.name, .bucket])
                return
            } catch {
                denial = error
            }
        }
        if let denial { throw denial }
    }

    /// Deletes an object (rules method `delete`, `resource` the object).
    public func deleteObject(_ object: ObjectAddress) throws(BackendError) {
        try ObjectNameRules.validate(object.name)
        let caller = try Caller(auth: object.auth)
        let removed = try decidingOutsideTheLock { () throws(BackendError) -> StoredObject in
            let (program, stored) = snapshot(object)
            try RulesCheck(program: program, bucket: object.bucket, caller: caller)
                .require(.delete, path: object.name, resource: stored)
            return try writes.withLock { (_: inout Void) throws(BackendError) -> StoredObject in
                let removed = try withState { (state: inout BackendState) throws(BackendError) -> StoredObject in
                    if program != nil { try state.require(stored?.version, bucket: object.bucket, name: object.name) }
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
        }
        withExtendedLifetime(removed) {}  // its bytes are freed here, outside the lock
    }

    /// The bucket's rules and the object as they are now, read under the lock for a decision outside it.
    func snapshot(_ object: ObjectAddress) -> (RulesProgram?, StoredObject?) {
        state.withLock { ($0.rules.program(for: object.bucket), $0.object(bucket: object.bucket, name: object.name)) }
    }
}
