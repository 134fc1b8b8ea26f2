/// The query parameters of the request being served, which the rules read as `request.params` (first value of
/// each name). A server binds them around each request it answers (`$current.withValue`); a backend called in
/// process, with none bound, gives the rules an empty map.
public enum RulesRequestParams {
    @TaskLocal public static var current: [String: String] = [:]
}
