import Foundation
import Primitives
import StorageAPI

/// An open resumable upload as the data directory keeps it (`sessions/ID.json`): what its start fixed; the
/// bytes it holds are `staging/ID`.
struct SessionRecord {
    var id: String
    var start: UploadStart
    /// Who started it; the write rule is checked for them again at finalize.
    var uid: String?

    var json: Data {
        var members: [JSONValue.Member] = [
            .init("bucket", .string(start.object.bucket)), .init("name", .string(start.object.name)),
        ]
        if let size = start.size { members.append(.init("size", .string(String(size)))) }
        if let uid { members.append(.init("uid", .string(uid))) }
        if start.layer != .firebase { members.append(.init("layer", .string(start.layer.rawValue))) }
        members += RecordJSON.members(of: start.metadata)
        return JSONValue.object(members).data
    }

    init(id: String, start: UploadStart, uid: String?) {
        self.id = id
        self.start = start
        self.uid = uid
    }

    init(_ data: Data, id: String, file: String) throws(DataDirectoryError) {
        let record = try RecordJSON(data, file: file)
        self.id = id
        start = UploadStart(
            object: ObjectAddress(bucket: try record.string("bucket"), name: try record.string("name")),
            metadata: try record.metadataFields(),
            size: try record.optionalInteger("size", in: 0...CheckedNumber.largestObject))
        uid = try record.optionalString("uid")
        if let layer = try record.optionalString("layer") {
            guard let known = StorageLayer(rawValue: layer) else {
                throw DataDirectoryError("\(file): \"layer\" must be firebase or cloudStorage")
            }
            start.layer = known
        }
    }
}
