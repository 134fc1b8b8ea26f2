import Primitives
import StorageAPI

extension StorageMetadata {
    /// The properties a scenario can name (`metadata: { size: … }`, `$meta.generation`), sorted: the one list the
    /// scenario reader, its JSON Schema and the runner use. They are `ObjectFieldStyle.sdkProperties`'s names and
    /// `name`, the path's last segment.
    public static let propertyNames: [String] = {
        let style = ObjectFieldStyle.sdkProperties
        return (style.fields.map(style.key) + ["name"]).sorted()
    }()

    /// A scalar property by name, as text (numbers in decimal, times in RFC 3339 with milliseconds); nil when
    /// it is absent or `name` is not a scalar property. Metadata made for an upload has only what the caller
    /// set: the writable fields and the path.
    public func property(_ name: String) -> String? {
        if name == "name" { return self.name }
        let style = ObjectFieldStyle.sdkProperties
        guard let field = style.field(named: name) else { return nil }
        switch field.kind {
        case .tokens, .stringMap: return nil
        case .text, .count, .time, .checksum: break
        }
        if field == .name { return path }
        if let metadataField = field.metadataField { return self[metadataField] }
        guard isFile, let value = style.json(field, of: resource) else { return nil }
        switch value {
        case .string(let text), .number(let text): return text
        default: return nil
        }
    }
}
