import Foundation
import StorageAPI
import Testing

/// `FirebaseV0Client.uploadObject`: one-shot uploads as fixtures are stored.
@Suite struct UploadObjectTests {
    @Test(arguments: [
        ObjectMetadataFields(),
        ObjectMetadataFields(contentType: "text/plain"),
        ObjectMetadataFields(cacheControl: "no-store", contentType: "image/png", customMetadata: ["a": "1"]),
        ObjectMetadataFields(contentDisposition: "attachment", customMetadata: ["k\"": "v é \u{1F30A}"]),
    ])
    func storesTheBytesAndEveryField(metadata: ObjectMetadataFields) throws {
        let served = try ServedStorage()
        let data = Data("--conformance-\r\n\r\nbytes that look like a boundary\r\n".utf8)
        let resource = try served.client().uploadObject(
            ObjectAddress(bucket: "bkt", name: "dir/odd name+"), data: data, metadata: metadata)
        #expect(resource.name == "dir/odd name+")
        #expect(resource.size == Int64(data.count))
        let stored = try served.backend.getMetadata(ObjectAddress(bucket: "bkt", name: "dir/odd name+"))
        #expect(stored == resource)
        #expect(stored.contentType == metadata.contentType ?? "application/octet-stream")
        #expect(stored.cacheControl == metadata.cacheControl)
        #expect(stored.contentDisposition == metadata.contentDisposition ?? "inline; filename*=utf-8''odd%20name+")
        #expect(stored.customMetadata == metadata.customMetadata)
        #expect(
            try served.backend.readObject(ReadRequest(object: ObjectAddress(bucket: "bkt", name: "dir/odd name+"))).data
                == data)
    }

    /// A control character in a header-bound field would be stored and break every later download (500).
    @Test(arguments: [
        ObjectMetadataFields(contentType: "text/plain\r\nX-Evil: 1"),
        ObjectMetadataFields(cacheControl: "no-store\u{0}"),
        ObjectMetadataFields(customMetadata: ["k": "v\r\n"]),
        ObjectMetadataFields(customMetadata: ["tab\tkey": "v"]),
        ObjectMetadataFields(customMetadata: ["big": String(repeating: "x", count: 8 * 1024)]),
    ])
    func metadataGCSRefusesIsRefused(metadata: ObjectMetadataFields) throws {
        let served = try ServedStorage()
        #expect {
            try served.client().uploadObject(ObjectAddress(bucket: "bkt", name: "x"), data: Data(), metadata: metadata)
        } throws: { error in
            (error as? BackendError)?.status == 400
        }
        #expect(served.stored("x") == nil)
    }

    @Test func refusalsKeepTheirStatus() throws {
        let served = try ServedStorage()
        served.backend.setRules(StorageRules(entries: []), bucket: "bkt")
        #expect {
            try served.client().uploadObject(ObjectAddress(bucket: "bkt", name: "x"), data: Data())
        } throws: { error in
            (error as? BackendError)?.status == 403
        }
    }
}
