import Primitives

extension RulesProgram {
    /// Every read of a field that `request`, `request.auth`, `resource` or `request.resource` does not have, as
    /// an error at the field's name in the file, in the file's order: `unknown field 'metdata' of resource; did
    /// you mean 'metadata'?`. Such a read is an evaluation error that denies, so `lint` refuses it.
    /// `objectFields` are the names of an object's fields (`StorageAPI` passes its field table's); the fields of
    /// `request` and `request.auth` are the evaluator's own (`RulesRequest.fieldNames`, `RulesAuth.fieldNames`).
    public func unknownFields(objectFields: [String]) -> [Diagnostic] {
        var check = UnknownFieldCheck(objectFields: objectFields)
        check.check(compiled)
        let lines = SourceLines(source)
        return check.found.sorted { ($0.position.line, $0.position.column) < ($1.position.line, $1.position.column) }
            .map { lines.error($0.message, at: $0.position) }
    }
}
