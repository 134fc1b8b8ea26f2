import Foundation
import Primitives
import StorageAPI

/// One object's metadata file as the emulator writes it (its `StoredFileMetadata`), in
/// `ObjectFieldStyle.emulatorExport`: GCS field names, numbers for generation, metageneration and size, times as
/// ISO 8601 strings, `crc32c` as the checksum's decimal value (not base64 as on the wire) and the custom metadata
/// as `customMetadata`.
package enum EmulatorObjectJSON {
    /// What a metadata file says of its object.
    package struct Entry {
        /// The object as the file describes it, blank where it says nothing; `crc32c` in base64.
        package var resource: ObjectResource
        /// The writable fields the file gives (absent ones nil, not their defaults).
        package var metadata: ObjectMetadataFields
        /// What the file fixes of what an upload would mint.
        package var stamps: FixedStamps
    }

    package static func encode(_ resource: ObjectResource) -> JSONValue {
        .object(ObjectFieldStyle.emulatorExport.members(of: resource))
    }

    /// Reads a metadata file's value; throws a sentence naming the field that is wrong.
    package static func decode(_ value: JSONValue) throws(EmulatorExportError) -> Entry {
        guard case .object = value else { throw problem("expected a JSON object, found \(value.kindDescription)") }
        var resource = ObjectResource.blank
        let given: Set<ObjectField>
        do {
            given = try ObjectFieldStyle.emulatorExport.read(value, into: &resource)
        } catch {
            throw problem(error.description)
        }
        var metadata = resource.writableFields
        for field in MetadataField.allCases where !given.contains(ObjectField(field)) { metadata[field] = nil }
        func fixed<Value>(_ field: ObjectField, _ value: Value) -> Value? { given.contains(field) ? value : nil }
        let stamps = FixedStamps(
            downloadTokens: fixed(.downloadTokens, resource.downloadTokens),
            generation: fixed(.generation, resource.generation),
            metageneration: fixed(.metageneration, resource.metageneration),
            timeCreated: fixed(.timeCreated, resource.timeCreated), updated: fixed(.updated, resource.updated))
        return Entry(resource: resource, metadata: metadata, stamps: stamps)
    }

    private static func problem(_ text: String) -> EmulatorExportError { EmulatorExportError(file: "", problem: text) }
}
