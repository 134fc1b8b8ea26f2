import Foundation
import ReferenceService
import StorageAPI
import Testing

/// The same protocol calls against `ReferenceBackend` directly and through `FirebaseV0Client` →
/// `StorageServer` → `ReferenceBackend` must give the same results and the same error statuses.
@Suite struct ParityTests {
    /// One side of the comparison: a service, how to call it, and the sessions a script opened.
    final class Side: @unchecked Sendable {
        let service: ReferenceBackend
        let backend: any StorageBackend
        var sessions: [String: String] = [:]

        init(service: ReferenceBackend, backend: any StorageBackend) {
            self.service = service
            self.backend = backend
        }

        func session(_ label: String) -> String {
            sessions[label] ?? "unknown-session"
        }
    }

    typealias Action = @Sendable (Side) throws(BackendError) -> String

    /// One call of the script and how its result is described.
    struct Step: Sendable {
        let name: String
        let run: Action

        init(_ name: String, _ run: @escaping Action) {
            self.name = name
            self.run = run
        }
    }

    static let alice = IDToken.unsigned(uid: "alice")

    static func address(_ name: String, bucket: String = "bkt", auth: String? = nil) -> ObjectAddress {
        ObjectAddress(bucket: bucket, name: name, auth: auth)
    }

    /// What may be compared between two services: everything but generations, etags, tokens and times.
    static func describe(_ resource: ObjectResource) -> String {
        let custom = resource.customMetadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
            separator: ",")
        return "\(resource.bucket)/\(resource.name) size=\(resource.size) metageneration=\(resource.metageneration) "
            + "type=\(resource.contentType ?? "-") encoding=\(resource.contentEncoding) disposition=\(resource.contentDisposition ?? "-") "
            + "language=\(resource.contentLanguage ?? "-") cache=\(resource.cacheControl ?? "-") custom=[\(custom)] "
            + "md5=\(resource.md5Hash) crc32c=\(resource.crc32c) class=\(resource.storageClass) tokens=\(resource.downloadTokens.count) "
            + "generation>0=\(resource.generation > 0) etag=\(!resource.etag.isEmpty) updated>=created=\(resource.updated >= resource.timeCreated)"
    }

    static func describe(_ status: UploadStatus) -> String {
        "\(status.state) received=\(status.receivedBytes) resource=\(status.resource.map(describe) ?? "none")"
    }

    static func describe(_ read: ObjectRead) -> String {
        "\(read.totalSize) bytes: \(String(decoding: read.data, as: UTF8.self))"
    }

    static func describe(_ page: ListPage) -> String {
        "prefixes=\(page.prefixes) items=\(page.items) next=\(page.nextPageToken ?? "none")"
    }

    static func seed(_ service: ReferenceBackend) throws {
        try service.seed(
            bucket: "bkt", name: "a/1", data: Data("hello world".utf8),
            metadata: ObjectMetadataFields(
                cacheControl: "max-age=9", contentLanguage: "fr", contentType: "text/plain",
                customMetadata: ["x": "1", "y": "2"]))
        for name in ["a/2", "a/b/c", "z", "wrongPrefix//sadItem", "lonelyItem/", "correctPrefix/happyItem"] {
            try service.seed(bucket: "bkt", name: name, data: Data(name.utf8))
        }
        try service.seed(bucket: "bkt", name: "empty", data: Data())
        try service.seed(bucket: "locked", name: "public/p", data: Data("p".utf8))
        try service.seed(bucket: "locked", name: "private/q", data: Data("q".utf8))
        service.setRules(
            StorageRules(entries: [
                .init(path: "public/**", operations: [.read, .list]),
                .init(path: "private/**", operations: [.read, .write, .list], requiresSignIn: true),
            ]), bucket: "locked")
        try service.seed(bucket: "rules-v1", name: "x/y", data: Data("v".utf8))
        service.setRules(StorageRules(version: 1, entries: StorageRules.allowAll.entries), bucket: "rules-v1")
    }

    static let steps: [Step] = metadataSteps + readSteps + updateSteps + listSteps + uploadSteps + nameSteps

    static let metadataSteps: [Step] = [
        Step("getMetadata", { side throws(BackendError) in describe(try side.backend.getMetadata(address("a/1"))) }),
        Step(
            "getMetadata missing",
            { side throws(BackendError) in describe(try side.backend.getMetadata(address("nope"))) }),
        Step(
            "getMetadata bad token",
            { side throws(BackendError) in describe(try side.backend.getMetadata(address("a/1", auth: "junk"))) }),
        Step(
            "getMetadata token with line feed",
            { side throws(BackendError) in describe(try side.backend.getMetadata(address("a/1", auth: "a\nb"))) }),
        Step(
            "getMetadata empty name",
            { side throws(BackendError) in describe(try side.backend.getMetadata(address(""))) }),
        Step(
            "getMetadata line feed",
            { side throws(BackendError) in describe(try side.backend.getMetadata(address("a\nb"))) }),
        Step(
            "getMetadata 1025 bytes",
            { side throws(BackendError) in
                describe(try side.backend.getMetadata(address(String(repeating: "n", count: 1025))))
            }),
        Step(
            "getMetadata denied",
            { side throws(BackendError) in
                describe(try side.backend.getMetadata(address("private/q", bucket: "locked")))
            }),
        Step(
            "getMetadata denied missing",
            { side throws(BackendError) in describe(try side.backend.getMetadata(address("other", bucket: "locked"))) }),
        Step(
            "getMetadata signed in",
            { side throws(BackendError) in
                describe(try side.backend.getMetadata(address("private/q", bucket: "locked", auth: alice)))
            }),
        Step(
            "getMetadata allowed missing",
            { side throws(BackendError) in
                describe(try side.backend.getMetadata(address("public/none", bucket: "locked")))
            }),
    ]

    static func run(_ side: Side) -> [String] {
        steps.map { step in
            do throws(BackendError) {
                return "\(step.name): \(try step.run(side))"
            } catch {
                switch error.kind {
                case .status(let status): return "\(step.name): HTTP \(status)"
                case .transport: return "\(step.name): transport \(error.message)"
                case .malformedResponse: return "\(step.name): malformed \(error.message)"
                }
            }
        }
    }

    @Test func everyProtocolCallGivesTheSameResultOverTheWire() throws {
        let direct = ReferenceBackend(granularity: 4)
        try Self.seed(direct)
        let served = try ServedStorage(granularity: 4)
        try Self.seed(served.backend)
        let expected = Self.run(Side(service: direct, backend: direct))
        let actual = Self.run(Side(service: served.backend, backend: served.client()))
        #expect(expected.count == Self.steps.count)
        for (wanted, got) in zip(expected, actual) {
            #expect(wanted == got)
        }
        // The table covers successes and every status the service uses.
        let outcomes = expected.joined(separator: "\n")
        for status in ["HTTP 400", "HTTP 401", "HTTP 403", "HTTP 404", "HTTP 416"] {
            #expect(outcomes.contains(status), "no step ends with \(status)")
        }
    }
}
