/// The bounds the engine keeps. Those Firebase documents ("Security Rules limits") have its numbers; the others
/// keep a hostile file from exhausting the stack, the memory or the time of the process that decides.
public enum RulesLimits {
    /// Firebase: a ruleset's source is at most 256 KB.
    public static let sourceBytes = 256 * 1024
    /// Firebase: the call depth of functions is at most 20; recursion is refused when the file is loaded.
    public static let callDepth = 20
    /// Firebase: a function takes at most 7 arguments.
    public static let functionArguments = 7
    /// Firebase: a function has at most 10 `let` bindings.
    public static let letBindings = 10
    /// Firebase: at most 1,000 expressions are evaluated for one request.
    public static let expressionsPerRequest = 1000
    /// How deeply expressions may nest (parentheses, operators, calls, member accesses).
    public static let expressionDepth = 100
    /// How deeply evaluation may nest, function calls included (the evaluator's own recursion).
    public static let evaluationDepth = 160
    /// How deeply `match` blocks may nest.
    public static let matchDepth = 32
    /// A regular expression's compiled size, in instructions (counted repetitions are unrolled).
    public static let regexProgramSize = 10_000
    /// The largest count in `{m,n}`, as in RE2.
    public static let regexRepeatCount = 1000
    /// Units of work one decision may spend: a byte or element compared, copied or hashed (`==`, `in`, every
    /// function's receiver and arguments, shared parts of lists counted each time they are walked) and a
    /// regular-expression instruction run, empty steps included.
    public static let workPerRequest = 20_000_000
    /// Bytes of values one decision may build (strings, lists, maps, sets), counted as they are made.
    public static let memoryPerRequest = 32 << 20
    /// Wall-clock time one decision may take, in nanoseconds (checked between expressions and inside regular
    /// expressions): a backstop, the work budget bounds the CPU; generous, so a loaded machine does not deny.
    public static let evaluationNanoseconds: UInt64 = 5_000_000_000
    /// The longest string (in UTF-8 bytes) or bytes value an expression may build.
    public static let valueBytes = 1 << 20
    /// The most elements a list, set or map an expression builds may hold.
    public static let collectionElements = 100_000
    /// Path-matching steps for one request (a `**` in the middle of a path tries every split).
    public static let matchSteps = 100_000
}
