import Drivers
import Foundation
import GCSJSON
import Harness
import Primitives
import ReferenceService
import SecurityRules
import StorageAPI
import StorageSDK
import StorageWire
import Testing

/// The field table against every dialect's encoder: a field in the table reaches each dialect that should
/// carry it, under that dialect's name, so a new row cannot be forgotten by one of them.
@Suite struct ObjectFieldCoverageTests {
    /// Every field set to something no dialect leaves out (no `identity`, tokens and custom keys present).
    static let everything = ObjectResource(
        bucket: "b", name: "dir/o", generation: 5, metageneration: 2, size: 3, contentType: "text/plain",
        contentEncoding: "gzip", contentDisposition: "inline", contentLanguage: "fr", cacheControl: "no-cache",
        customMetadata: ["k": "v"], md5Hash: "XrY7u+Ae7tCTyyK7j1rNww==", crc32c: "yZRlqg==", etag: "e",
        timeCreated: Date(timeIntervalSince1970: 1_700_000_000), updated: Date(timeIntervalSince1970: 1_700_000_001),
        storageClass: "STANDARD", downloadTokens: ["t"])

    /// A dialect's encoder through its package API, its style, and the fields it leaves out on purpose.
    struct Dialect: CustomTestStringConvertible, Sendable {
        var name: String
        var style: ObjectFieldStyle
        var leavesOut: Set<ObjectField>
        var encode: @Sendable (ObjectResource) throws -> JSONValue
        var testDescription: String { name }
    }

    /// What the SDK's `StorageMetadata` does not show, so the driver protocol and scenarios do not either.
    static let notInTheSDK: Set<ObjectField> = [
        .crc32c, .etag, .storageClass, .downloadTokens, .timeStorageClassUpdated,
    ]

    static let dialects: [Dialect] = [
        Dialect(
            name: "Firebase v0", style: .firebaseV0, leavesOut: [.timeStorageClassUpdated],
            encode: { try JSONParser.parse(ObjectResourceJSON.encode($0)) }),
        Dialect(
            name: "GCS JSON", style: .gcsJSON, leavesOut: [.downloadTokens],
            encode: { try JSONParser.parse(GCSObjectJSON.encode($0, base: "http://h")) }),
        Dialect(
            name: "emulator export", style: .emulatorExport, leavesOut: [.timeStorageClassUpdated],
            encode: { EmulatorObjectJSON.encode($0) }),
        Dialect(
            name: "driver protocol", style: .driverProtocol, leavesOut: notInTheSDK,
            encode: { DriverWire.metadata(StorageMetadata(resource: $0)) }),
    ]

    @Test(arguments: dialects)
    func everyFieldReachesEachDialectThatCarriesIt(_ dialect: Dialect) throws {
        let json = try dialect.encode(Self.everything)
        for field in ObjectField.all where !dialect.leavesOut.contains(field) {
            let key = dialect.style.key(field)
            #expect(json[key] != nil, "\(dialect.name) does not write \(field) (as \(key))")
        }
        for field in dialect.leavesOut {
            #expect(!dialect.style.fields.contains(field), "\(dialect.name) writes \(field)")
        }
    }

    @Test(
        arguments: dialects + [
            Dialect(name: "SDK properties", style: .sdkProperties, leavesOut: notInTheSDK, encode: { _ in .null })
        ])
    func eachStyleNamesAFieldOnce(_ dialect: Dialect) {
        let keys = dialect.style.fields.map(dialect.style.key)
        #expect(Set(keys).count == keys.count, "\(keys)")
        #expect(Set(dialect.style.fields).count == dialect.style.fields.count)
        #expect(Set(dialect.style.fields) == Set(ObjectField.all).subtracting(dialect.leavesOut))
    }

    @Test func scenariosNameEverySDKProperty() {
        let style = ObjectFieldStyle.sdkProperties
        for field in ObjectField.all where !Self.notInTheSDK.contains(field) {
            #expect(StorageMetadata.propertyNames.contains(style.key(field)), "\(field)")
        }
        #expect(StorageMetadata.propertyNames.contains("name"))
        #expect(StorageMetadata.propertyNames == StorageMetadata.propertyNames.sorted())
    }

    /// The rules' `resource` is the table's rules column: every field it marks, under its wire name; a field not
    /// known yet reads null.
    @Test func theRulesReadTheFieldsTheTableMarks() {
        let object = Self.everything.rulesObject(unknown: [.generation])
        let marked = ObjectField.all.filter(\.isSeenByRules)
        #expect(Set(object.fields.keys) == Set(marked.map(\.wireName)))
        #expect(object.fields["generation"] == .null)
        #expect(object.fields["contentType"] == .string("text/plain"))
        #expect(object.fields["metadata"] == .map(["k": .string("v")]))
        #expect(object.fields["downloadTokens"] == nil)
    }

    /// Each header of the table names a writable text, once.
    @Test func eachHeaderCarriesOneWritableText() {
        let headed = ObjectField.all.filter { $0.header != nil }
        #expect(headed.allSatisfy { $0.metadataField != nil })
        #expect(Set(headed.compactMap { $0.header?.name.lowercased() }).count == headed.count)
    }

    @Test func theWritableTextsAreTheMetadataFields() {
        #expect(
            ObjectField.writable.compactMap(\.metadataField).sorted { $0.rawValue < $1.rawValue }
                == MetadataField.allCases)
        #expect(ObjectField.writable.filter { $0.metadataField == nil } == [.customMetadata])
        for field in MetadataField.allCases {
            #expect(ObjectField(field).wireName == field.rawValue)
        }
        #expect(Set(ObjectField.all.map(\.wireName)).count == ObjectField.all.count)
    }

    /// Each field set through the table reads back through it, and clearing sets it to its blank.
    @Test func theTableReadsAndSetsEachField() {
        for field in ObjectField.all where !field.isDerived {
            var resource = ObjectResource.blank
            let value = field.value(in: Self.everything)
            field.set(value, in: &resource)
            #expect(field.value(in: resource) == value, "\(field)")
            field.set(nil, in: &resource)
            #expect(field.value(in: resource) == field.value(in: .blank), "\(field)")
        }
        var resource = Self.everything
        ObjectField.timeStorageClassUpdated.set(.time(Date(timeIntervalSince1970: 5)), in: &resource)
        #expect(resource == Self.everything, "a derived field is never set")
    }
}
