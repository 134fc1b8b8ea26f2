/// Checks a parsed file and resolves it into a `CompiledProgram`: names to slots, calls to functions or
/// built-ins (with their arities), `allow` words to methods; duplicates, recursion, the version's wildcard rules
/// and Firebase's function limits are refused here, with the place they occur.
struct Compiler {
    private let version: Int
    private var functions: [CompiledFunction] = []
    /// Which functions each function calls, to refuse recursion.
    private var calls: [Set<Int>] = []
    private var maximumCaptures = 0

    /// Functions visible from where a body is compiled: innermost block last.
    private var functionScopes: [[String: Int]] = []
    /// Path variables bound by the enclosing matches, outermost first, with their slots.
    private var captures: [(name: String, slot: Int)] = []
    /// The enclosing `match` statements, outermost first.
    private var matches: [MatchHeader] = []

    private init(version: Int) {
        self.version = version
    }

    static func compile(_ file: RulesFileSyntax) throws(SyntaxProblem) -> CompiledProgram {
        guard let service = file.service else {
            throw SyntaxProblem("no 'service firebase.storage' in the file", at: SourcePosition(line: 1, column: 1))
        }
        guard service.name == "firebase.storage" else {
            throw SyntaxProblem(
                "this engine reads 'service firebase.storage', not '\(service.name)'", at: service.position)
        }
        var compiler = Compiler(version: file.version)
        let root = try compiler.block(service.body, segments: [], position: service.position)
        try compiler.refuseRecursion()
        return CompiledProgram(
            version: file.version, root: root, functions: compiler.functions, captureCount: compiler.maximumCaptures)
    }

    // MARK: - Blocks

    private mutating func block(_ syntax: BlockSyntax, segments: [CompiledSegment], position: SourcePosition)
        throws(SyntaxProblem) -> CompiledBlock
    {
        var scope: [String: Int] = [:]
        var firstIndex = functions.count
        for function in syntax.functions {
            if scope[function.name] != nil {
                throw SyntaxProblem(
                    "function '\(function.name)' is declared twice in this block", at: function.position)
            }
            scope[function.name] = functions.count
            functions.append(
                CompiledFunction(
                    name: function.name, parameterCount: function.parameters.count, lets: [],
                    result: .constant(.null), position: function.position))
            calls.append([])
        }
        functionScopes.append(scope)
        defer { functionScopes.removeLast() }
        for function in syntax.functions {
            try compileBody(of: function, index: firstIndex)
            firstIndex += 1
        }
        var allows: [CompiledAllow] = []
        for allow in syntax.allows { allows.append(try compileAllow(allow)) }
        var children: [CompiledBlock] = []
        for match in syntax.matches { children.append(try compileMatch(match)) }
        return CompiledBlock(segments: segments, allows: allows, children: children)
    }

    private mutating func compileMatch(_ match: MatchSyntax) throws(SyntaxProblem) -> CompiledBlock {
        let bound = captures.count
        defer { captures.removeLast(captures.count - bound) }
        matches.append(MatchHeader(path: Self.pathText(match.segments), position: match.position))
        defer { matches.removeLast() }
        var segments: [CompiledSegment] = []
        var sawRecursive = false
        for (offset, segment) in match.segments.enumerated() {
            switch segment {
            case .literal(let text):
                segments.append(.literal(Array(text.utf8)))
            case .variable(let name, let position), .recursive(let name, let position):
                if captures.contains(where: { $0.name == name }) {
                    throw SyntaxProblem("path variable '\(name)' is already bound by this path", at: position)
                }
                let slot = captures.count
                captures.append((name, slot))
                maximumCaptures = max(maximumCaptures, captures.count)
                guard case .recursive = segment else {
                    segments.append(.variable(slot: slot))
                    continue
                }
                if version == 1 && (offset != match.segments.count - 1 || !match.body.matches.isEmpty) {
                    throw SyntaxProblem(
                        "under rules_version '1' a recursive wildcard {\(name)=**} must end the path; use rules_version = '2'",
                        at: position)
                }
                if sawRecursive {
                    throw SyntaxProblem("a match path holds at most one recursive wildcard", at: position)
                }
                sawRecursive = true
                segments.append(.recursive(slot: slot))
            }
        }
        return try block(match.body, segments: segments, position: match.position)
    }

    /// A `match` path as written: `/b/{bucket}/o/{path=**}`.
    private static func pathText(_ segments: [PathSegmentSyntax]) -> String {
        var text = ""
        for segment in segments {
            switch segment {
            case .literal(let literal): text += "/" + literal
            case .variable(let name, _): text += "/{\(name)}"
            case .recursive(let name, _): text += "/{\(name)=**}"
            }
        }
        return text
    }

    private mutating func compileAllow(_ allow: AllowSyntax) throws(SyntaxProblem) -> CompiledAllow {
        var methods: RulesMethodSet = []
        var seen: Set<String> = []
        for method in allow.methods {
            guard let covered = RulesMethodSet.words[method.name] else {
                throw SyntaxProblem(
                    "unknown method '\(method.name)' (read, write, get, list, create, update, delete)",
                    at: method.position)
            }
            if !seen.insert(method.name).inserted {
                throw SyntaxProblem("method '\(method.name)' is listed twice", at: method.position)
            }
            methods.formUnion(covered)
        }
        var context = Context(locals: [:], function: nil)
        let condition = try allow.condition.map { (syntax) throws(SyntaxProblem) -> Node in
            try expression(syntax, &context)
        }
        return CompiledAllow(
            methods: methods, condition: condition, position: allow.position,
            text: "allow " + allow.methods.map(\.name).joined(separator: ", "), matches: matches)
    }

    private mutating func compileBody(of function: FunctionSyntax, index: Int) throws(SyntaxProblem) {
        if function.parameters.count > RulesLimits.functionArguments {
            throw SyntaxProblem(
                "function '\(function.name)' takes more than \(RulesLimits.functionArguments) arguments",
                at: function.position)
        }
        if function.lets.count > RulesLimits.letBindings {
            throw SyntaxProblem(
                "function '\(function.name)' has more than \(RulesLimits.letBindings) let bindings",
                at: function.position)
        }
        var context = Context(locals: [:], function: index)
        for parameter in function.parameters {
            if context.locals[parameter.name] != nil {
                throw SyntaxProblem("parameter '\(parameter.name)' is declared twice", at: parameter.position)
            }
            context.locals[parameter.name] = context.locals.count
        }
        var lets: [Node] = []
        for binding in function.lets {
            let value = try expression(binding.value, &context)
            if context.locals[binding.name] != nil {
                throw SyntaxProblem("'\(binding.name)' is already declared in this function", at: binding.position)
            }
            context.locals[binding.name] = context.locals.count
            lets.append(value)
        }
        functions[index].lets = lets
        functions[index].result = try expression(function.result, &context)
        functions[index].localNames = function.parameters.map(\.name) + function.lets.map(\.name)
    }

    private func refuseRecursion() throws(SyntaxProblem) {
        // 0: not visited, 1: on the current path, 2: done.
        var state = Array(repeating: 0, count: functions.count)
        for start in functions.indices where state[start] == 0 {
            var stack: [(function: Int, callees: [Int])] = [(start, Array(calls[start]))]
            state[start] = 1
            while !stack.isEmpty {
                guard let callee = stack[stack.count - 1].callees.popLast() else {
                    state[stack.removeLast().function] = 2
                    continue
                }
                if state[callee] == 1 {
                    let function = functions[callee]
                    throw SyntaxProblem(
                        "function '\(function.name)' calls itself (recursion is not allowed)", at: function.position)
                }
                if state[callee] == 0 {
                    state[callee] = 1
                    stack.append((callee, Array(calls[callee])))
                }
            }
        }
    }

    // MARK: - Expressions

    /// The names an expression sees besides path variables and `request`/`resource`.
    private struct Context {
        var locals: [String: Int]
        /// The function being compiled, for its call graph.
        var function: Int?
    }

    private mutating func expression(_ syntax: ExpressionSyntax, _ context: inout Context) throws(SyntaxProblem)
        -> Node
    {
        switch syntax {
        case .null: return .constant(.null)
        case .bool(let value, _): return .constant(.bool(value))
        case .integer(let value, _): return .constant(.int(value))
        case .float(let value, _): return .constant(.float(value))
        case .string(let value, _): return .constant(.string(value))
        case .bytes(let value, _): return .constant(.bytes(value))
        case .list(let items, let position):
            return .list(try expressions(items, &context), position)
        case .map(let entries, let position):
            var nodes: [(key: Node, value: Node)] = []
            for entry in entries {
                nodes.append((try expression(entry.key, &context), try expression(entry.value, &context)))
            }
            return .map(nodes, position)
        case .path(let parts, let position):
            var nodes: [PathNodePart] = []
            for part in parts {
                switch part {
                case .literal(let text): nodes.append(.literal(text))
                case .interpolated(let inner): nodes.append(.interpolated(try expression(inner, &context)))
                }
            }
            return .path(nodes, position)
        case .identifier(let name, let position):
            return try variable(name, at: position, context)
        case .member(let base, let name, let position):
            return .member(try expression(base, &context), Field(name), position)
        case .index(let base, let index, let position):
            return .index(try expression(base, &context), try expression(index, &context), position)
        case .slice(let base, let start, let end, let position):
            let startNode = try start.map { (node) throws(SyntaxProblem) -> Node in try expression(node, &context) }
            let endNode = try end.map { (node) throws(SyntaxProblem) -> Node in try expression(node, &context) }
            return .slice(try expression(base, &context), startNode, endNode, position)
        case .unary(let operation, let operand, let position):
            return .unary(operation, try expression(operand, &context), position)
        case .binary(let operation, let left, let right, let position):
            return .binary(operation, try expression(left, &context), try expression(right, &context), position)
        case .logical(let isAnd, let operands, _):
            return .logical(isAnd: isAnd, try expressions(operands, &context))
        case .conditional(let condition, let whenTrue, let whenFalse, let position):
            return .conditional(
                try expression(condition, &context), try expression(whenTrue, &context),
                try expression(whenFalse, &context), position)
        case .isType(let value, let type, _):
            return .isType(try expression(value, &context), type)
        case .call(let callee, let arguments, let position):
            return try call(callee, arguments, at: position, &context)
        }
    }

    private mutating func expressions(_ items: [ExpressionSyntax], _ context: inout Context) throws(SyntaxProblem)
        -> [Node]
    {
        var nodes: [Node] = []
        nodes.reserveCapacity(items.count)
        for item in items { nodes.append(try expression(item, &context)) }
        return nodes
    }

    private func variable(_ name: String, at position: SourcePosition, _ context: Context) throws(SyntaxProblem)
        -> Node
    {
        if let slot = context.locals[name] { return .local(slot) }
        if let capture = captures.last(where: { $0.name == name }) {
            return .capture(slot: capture.slot, name: name, position)
        }
        switch name {
        case "request": return .reference(.request)
        case "resource": return .reference(.resource)
        default:
            throw SyntaxProblem("unknown variable '\(name)'", at: position)
        }
    }

    private func isBound(_ name: String, _ context: Context) -> Bool {
        context.locals[name] != nil || captures.contains { $0.name == name } || name == "request"
            || name == "resource"
    }

    private mutating func call(
        _ callee: ExpressionSyntax, _ argumentSyntax: [ExpressionSyntax], at position: SourcePosition,
        _ context: inout Context
    ) throws(SyntaxProblem) -> Node {
        switch callee {
        case .identifier(let name, let namePosition):
            let arguments = try expressions(argumentSyntax, &context)
            if let index = functionScopes.reversed().lazy.compactMap({ $0[name] }).first {
                let function = functions[index]
                guard arguments.count == function.parameterCount else {
                    throw SyntaxProblem(
                        "function '\(name)' takes \(function.parameterCount) argument(s), given \(arguments.count)",
                        at: namePosition)
                }
                if let caller = context.function { calls[caller].insert(index) }
                return .call(function: index, arguments, position)
            }
            if let builtin = Builtin(rawValue: name), !name.contains(".") {
                return try builtinCall(builtin, arguments, at: namePosition)
            }
            throw SyntaxProblem("unknown function '\(name)'", at: namePosition)
        case .member(.identifier(let space, let spacePosition), let name, _)
        where Builtin.namespaces.contains(space) && !isBound(space, context):
            let arguments = try expressions(argumentSyntax, &context)
            guard let builtin = Builtin(rawValue: space + "." + name) else {
                throw SyntaxProblem("unknown function '\(space).\(name)'", at: spacePosition)
            }
            return try builtinCall(builtin, arguments, at: spacePosition)
        case .member(let receiverSyntax, let name, let namePosition):
            let receiver = try expression(receiverSyntax, &context)
            let arguments = try expressions(argumentSyntax, &context)
            guard let method = Method(rawValue: name) else {
                throw SyntaxProblem("unknown function '\(name)'", at: namePosition)
            }
            guard arguments.count == method.arity else {
                throw SyntaxProblem(
                    "'\(name)' takes \(method.arity) argument(s), given \(arguments.count)", at: namePosition)
            }
            if method == .matches || method == .split || method == .replace,
                case .string(let pattern, let patternPosition) = argumentSyntax[0]
            {
                do {
                    let regex = try RulesRegex(pattern)
                    return .regexMethod(receiver, method, regex, Array(arguments.dropFirst()), namePosition)
                } catch {
                    throw SyntaxProblem(
                        "invalid regular expression '\(pattern)': \(error.message) (at character \(error.offset + 1))",
                        at: patternPosition)
                }
            }
            return .method(receiver, method, arguments, namePosition)
        default:
            throw SyntaxProblem("only functions and methods can be called", at: position)
        }
    }

    private func builtinCall(_ builtin: Builtin, _ arguments: [Node], at position: SourcePosition)
        throws(SyntaxProblem) -> Node
    {
        guard arguments.count == builtin.arity else {
            throw SyntaxProblem(
                "'\(builtin.rawValue)' takes \(builtin.arity) argument(s), given \(arguments.count)", at: position)
        }
        return .builtin(builtin, arguments, position)
    }
}
