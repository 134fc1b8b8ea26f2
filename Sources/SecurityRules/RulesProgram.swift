import Primitives

/// A Cloud Storage rules file, parsed and checked once, that decides requests.
///
/// `decide` is safe to call from any thread at once: the program is immutable, and each decision keeps its own
/// state. Errors met while evaluating a condition deny that `allow` (see docs/security-rules.md).
public struct RulesProgram: Sendable {
    /// 1 or 2 (`rules_version`; 1 when the file does not say).
    public let version: Int
    public let source: RulesSource
    let compiled: CompiledProgram

    /// The answer to every list under rules version 1, as the list-files guide words it.
    public static let versionOneListMessage =
        "Listing objects in a bucket is disallowed for rules_version = \"1\". Please update storage security rules to rules_version = \"2\" to use list."

    public init(_ source: RulesSource) throws(Diagnostic) {
        var steps = 0
        try self.init(source, parseSteps: &steps)
    }

    /// Loads `source`, adding to `parseSteps` the work of reading it (characters, tokens and grammar rules), which
    /// stays linear in its length: the fuzz tests hold it so.
    package init(_ source: RulesSource, parseSteps: inout Int) throws(Diagnostic) {
        let lines = SourceLines(source)
        let size = source.text.utf8.count
        guard size <= RulesLimits.sourceBytes else {
            throw lines.error(
                "the rules source is \(size) bytes; the limit is \(RulesLimits.sourceBytes)",
                at: SourcePosition(line: 1, column: 1))
        }
        do {
            var parser = try Parser(source.text)
            defer { parseSteps += parser.steps }
            let file = try parser.parseFile()
            compiled = try Compiler.compile(file)
        } catch {
            throw lines.error(error.message, at: error.position)
        }
        version = compiled.version
        self.source = source
    }

    public func decide(_ request: RulesRequest) -> RulesDecision {
        var work = 0
        return decide(request, work: &work)
    }

    /// Decides `request`, adding to `work` the units its evaluation charged against
    /// `RulesLimits.workPerRequest` (past it only when the decision was stopped by that budget).
    package func decide(_ request: RulesRequest, work: inout Int) -> RulesDecision {
        if request.method == .list && version == 1 {
            return RulesDecision(allowed: false, explanation: Self.versionOneListMessage)
        }
        var walk = DecisionWalk(program: compiled, request: request)
        defer { work += walk.work }
        if walk.run(), let allow = walk.grantedBy {
            return RulesDecision(
                grantedBy: allow.text, source: source, line: allow.position.line, column: allow.position.column,
                incomingFieldsRead: walk.incomingFieldsRead)
        }
        let target =
            request.method == .list
            ? "list of the children of /b/\(request.bucket)/o/\(request.path)"
            : "\(request.method.rawValue) of /b/\(request.bucket)/o/\(request.path)"
        var explanation = "no allow matches the \(target)"
        if walk.refusalCount > 0 {
            // A walk a limit stopped has spent the request's budget: its refusals are not evaluated again.
            var explainer = DenialExplainer(
                program: compiled, request: request, source: source, evaluates: walk.stopped == nil)
            let reasons = walk.refusals.map { explainer.describe($0) }
            explanation = "no allow grants the \(target): " + reasons.joined(separator: "; ")
        }
        if walk.refusalCount > walk.refusals.count {
            explanation += "; and \(walk.refusalCount - walk.refusals.count) more"
        }
        if let stopped = walk.stopped { explanation += " (stopped: \(stopped))" }
        return RulesDecision(allowed: false, explanation: explanation, incomingFieldsRead: walk.incomingFieldsRead)
    }
}
