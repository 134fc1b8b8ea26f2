import Primitives
import StorageAPI
import StorageWire

/// `ifGenerationMatch`, `ifGenerationNotMatch`, `ifMetagenerationMatch` and `ifMetagenerationNotMatch` of a
/// request: 412 when the object's current state does not meet them. `ifGenerationMatch=0` means "only if
/// the object does not exist". A non-numeric value is a 400, as on GCS.
///
/// They are checked against the object read just before the operation, not atomically with it: a write
/// racing another between the two can pass a condition GCS would fail.
struct GCSPreconditions {
    private var generationMatch: Int64?
    private var generationNotMatch: Int64?
    private var metagenerationMatch: Int64?
    private var metagenerationNotMatch: Int64?

    init(_ query: QueryParameters) throws(BackendError) {
        generationMatch = try Self.number(query, "ifGenerationMatch")
        generationNotMatch = try Self.number(query, "ifGenerationNotMatch")
        metagenerationMatch = try Self.number(query, "ifMetagenerationMatch")
        metagenerationNotMatch = try Self.number(query, "ifMetagenerationNotMatch")
    }

    var isEmpty: Bool {
        generationMatch == nil && generationNotMatch == nil && metagenerationMatch == nil
            && metagenerationNotMatch == nil
    }

    /// Checks the conditions against `current` (nil: the object does not exist).
    func check(_ current: ObjectResource?) throws(BackendError) {
        let generation = current?.generation ?? 0
        if let generationMatch, generationMatch != generation {
            throw failed("ifGenerationMatch", generationMatch, generation)
        }
        if let generationNotMatch, generationNotMatch == generation {
            throw failed("ifGenerationNotMatch", generationNotMatch, generation)
        }
        if let metagenerationMatch, metagenerationMatch != current?.metageneration {
            throw failed("ifMetagenerationMatch", metagenerationMatch, current?.metageneration ?? 0)
        }
        if let metagenerationNotMatch, let current, metagenerationNotMatch == current.metageneration {
            throw failed("ifMetagenerationNotMatch", metagenerationNotMatch, current.metageneration)
        }
    }

    /// Reads `object` (nil when it does not exist) and checks the conditions; nothing is read without any.
    func check(_ object: ObjectAddress, on backend: any StorageBackend) throws(BackendError) {
        guard !isEmpty else { return }
        do {
            try check(try backend.getMetadata(object))
        } catch  where error.status == 404 {
            try check(nil)
        }
    }

    private func failed(_ name: String, _ wanted: Int64, _ actual: Int64) -> BackendError {
        BackendError(status: 412, "Precondition Failed: \(name)=\(wanted), but the object's value is \(actual).")
    }

    private static func number(_ query: QueryParameters, _ name: String) throws(BackendError) -> Int64? {
        guard let text = query[name] else { return nil }
        guard let value = JSONValue.decimalInteger(text), value >= 0 else {
            throw .badRequest("Invalid \(name) \"\(text)\": expected a non-negative whole number.")
        }
        return value
    }
}
