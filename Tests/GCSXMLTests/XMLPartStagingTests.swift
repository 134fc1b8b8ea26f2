import Foundation
import Primitives
import ReferenceService
import StorageAPI
import Synchronization
import Testing

@testable import GCSXML

/// XML multipart parts and resumable sessions share one memory budget; with a parts folder (`serve --data-dir`)
/// parts are kept in files, hold none of it, and do not outlive the table (a restart drops the uploads).
@Suite struct XMLPartStagingTests {
    private let object = ObjectAddress(bucket: "bkt", name: "obj")

    private func folder() -> String {
        NSTemporaryDirectory() + "xml-parts-" + UUID().uuidString
    }

    @Test func partsAndResumableSessionsShareOneBudget() throws {
        let now = Mutex(0)
        let budget = PendingUploadBudget(limit: 10, abandonedAfter: .seconds(30)) { now.withLock { $0 } }
        let service = ReferenceBackend(granularity: 1, uploadBudget: budget)
        let uploads = XMLMultipartUploads(budget: budget)
        let id = try uploads.initiate(object, metadata: ObjectMetadataFields(), client: "a")
        _ = try uploads.put(Data(count: 6), number: 1, upload: id, of: object)
        let session = try service.startUpload(UploadStart(object: ObjectAddress(bucket: "bkt", name: "r"))).id
        do {
            _ = try service.uploadChunk(session: session, offset: 0, data: Data(count: 6), finalize: false)
            Issue.record("a chunk passed the budget the XML parts fill")
        } catch {
            #expect(error.status == 503)
        }
        now.withLock { $0 += 31_000 }
        _ = try service.uploadChunk(session: session, offset: 0, data: Data(count: 6), finalize: false)
        #expect(throws: BackendError.self) { try uploads.upload(id, of: object) }
        #expect(uploads.heldBytes == 0)
        #expect(budget.heldBytes == 6)
    }

    @Test func partsInAFolderHoldNoMemoryAndGoWithTheirUpload() throws {
        let path = folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let budget = PendingUploadBudget(limit: 4)
        let uploads = XMLMultipartUploads(budget: budget, partsFolder: path)
        let id = try uploads.initiate(object, metadata: ObjectMetadataFields(), client: "a")
        try uploads.admit(1000, upload: id, of: object)
        let etag = try uploads.put(Data(repeating: 7, count: 1000), number: 1, upload: id, of: object)
        #expect(etag == XMLMultipartUploads.hexMD5(Data(repeating: 7, count: 1000)))
        #expect(FileManager.default.fileExists(atPath: path + "/" + id + "/1"))
        #expect(budget.heldBytes == 0)
        #expect(uploads.heldBytes == 0)
        let held = try uploads.upload(id, of: object)
        #expect(held.parts[1]?.data == Data(repeating: 7, count: 1000))
        try uploads.remove(id, of: object)
        #expect(!FileManager.default.fileExists(atPath: path + "/" + id))
    }

    @Test func aRestartDropsThePartsOnDisk() throws {
        let path = folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = XMLMultipartUploads(partsFolder: path)
        let id = try before.initiate(object, metadata: ObjectMetadataFields(), client: "a")
        _ = try before.put(Data(count: 10), number: 1, upload: id, of: object)
        let after = XMLMultipartUploads(partsFolder: path)
        #expect(FileManager.default.subpaths(atPath: path) == [])
        do {
            _ = try after.upload(id, of: object)
            Issue.record("an upload outlived a restart")
        } catch {
            #expect(error.status == 404)
        }
    }
}
