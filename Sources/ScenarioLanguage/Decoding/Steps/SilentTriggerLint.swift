import YAMLReader

/// Warns where a scenario asks for something that cannot happen as written, so it would pass without
/// checking what it means to:
/// - `pause` or `cancel` at a progress point of an upload that goes in one chunk: its only progress event is
///   its last, when the upload is already finishing, so the action does nothing;
/// - a progress point beyond the upload's size, which is never met;
/// - a `chunkSize` the service does not use as written (below, or not a multiple of, its 256 KiB granularity).
///
/// Sizes are known only for `data:` uploads (not `file:`), with the default chunk of 256 KiB.
struct SilentTriggerLint {
    /// The chunk granularity production announces (`X-Goog-Upload-Chunk-Granularity`), and the default chunk.
    static let granularity: Int64 = 262_144

    /// The size and chunk of every named `data:` upload so far.
    private var uploads: [String: (size: Int64, chunk: Int64)] = [:]

    /// Looks at one decoded step; `fields` are its keys, for where to point.
    mutating func check(_ step: Step, fields: MappingFields, context: DecodingContext) {
        switch step.action {
        case .put(_, let source, _, let chunkSize):
            if let chunkSize {
                Self.checkChunkSize(chunkSize, at: fields.keyNode("chunkSize") ?? fields.node, context: context)
            }
            guard let name = step.name, case .data(let data) = source else { return }
            uploads[name] = (Self.size(of: data), Self.effectiveChunk(chunkSize ?? Self.granularity))
        case .pause(let task), .cancel(let task):
            guard let upload = uploads[task], let trigger = step.trigger else { return }
            Self.checkTrigger(
                trigger, on: task, upload: upload, verb: step.verb, at: fields["when"] ?? fields.node, context: context)
        default:
            return
        }
    }

    private static func checkTrigger(
        _ trigger: Trigger, on task: String, upload: (size: Int64, chunk: Int64), verb: String, at node: YAMLNode,
        context: DecodingContext
    ) {
        let location = node.location
        switch trigger {
        case .progressBytes(let bytes) where bytes > upload.size:
            context.warning(
                .progressNeverMet,
                "task \(task) uploads \(ByteSize.describe(upload.size)): a progress point of \(ByteSize.describe(bytes)) is never met",
                at: location)
        case .progressBytes, .progressPercent:
            guard upload.size <= upload.chunk else { return }
            context.warning(
                .oneChunkTrigger,
                "task \(task) uploads \(ByteSize.describe(upload.size)) in one chunk: its only progress event is its last, "
                    + "when the upload is already finishing, so this \(verb) does nothing (upload more than "
                    + "\(ByteSize.describe(upload.chunk)), or set a smaller chunkSize)",
                at: location)
        case .event, .retry:
            return
        }
    }

    private static func checkChunkSize(_ size: Int64, at node: YAMLNode, context: DecodingContext) {
        let location = node.location
        if size < granularity {
            context.warning(
                .chunkBelowGranularity,
                "chunkSize \(ByteSize.describe(size)) is below the service's granularity of 256 KiB: the upload goes in 256 KiB chunks",
                at: location)
        } else if size % granularity != 0 {
            context.warning(
                .chunkNotAMultiple,
                "chunkSize \(ByteSize.describe(size)) is not a multiple of 256 KiB: the upload goes in chunks of "
                    + ByteSize.describe(effectiveChunk(size)),
                at: location)
        }
    }

    /// The chunk the client sends: rounded down to a multiple of the granularity, and at least one granule.
    private static func effectiveChunk(_ requested: Int64) -> Int64 {
        requested < granularity ? granularity : requested / granularity * granularity
    }

    private static func size(of data: DataSource) -> Int64 {
        switch data {
        case .text(let text): Int64(text.utf8.count)
        case .base64(let bytes): Int64(bytes.count)
        case .random(let size, _), .zeros(let size): size
        case .empty: 0
        }
    }
}
