import StorageAPI

/// What a metadata update answers a caller the rules let write the object but not read it: what the field table
/// shows anyone (`ObjectField.Audience.anyone`: the address, size, generations, times) and what the caller set
/// itself; nothing anyone else stored. A field the table shows only to readers is withheld unless the patch set it.
enum WriteOnlyAnswer {
    /// `resource` after `patch`, with each readers-only field the patch did not set cleared (a custom metadata
    /// key the patch did not set removed).
    static func answer(_ resource: ObjectResource, after patch: MetadataPatch) -> ObjectResource {
        var answer = resource
        for field in ObjectField.all where field.audience == .readers {
            if case .stringMap(let map)? = field.value(in: resource) {
                field.set(.stringMap(map.filter { patch.customMetadata.keys.contains($0.key) }), in: &answer)
            } else if !(field.metadataField.map(patch.fields.keys.contains) ?? false) {
                field.set(nil, in: &answer)
            }
        }
        return answer
    }
}
