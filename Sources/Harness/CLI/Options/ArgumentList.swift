import Primitives
import ScenarioLanguage

/// A command's arguments, read against its `CommandSpec`: `--name value`, `--name=value`, flags and
/// positionals. Every value is checked and converted as it is read, so a command reads typed values
/// (`options[RunOptions.jobs]`) and never parses text itself. Anything the spec does not declare is an
/// error that names it.
struct ArgumentList: Sendable {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var positionals: [String] = []
    private var values: [String: [any Sendable]] = [:]
    private var flags: Set<String> = []

    /// Whether `--help` or `-h` stands anywhere before `--`: help wins over every other problem.
    static func asksForHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if CommandSpec.helpFlags.contains(argument) { return true }
        }
        return false
    }

    init(_ arguments: [String], spec: CommandSpec) throws(Problem) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if CommandSpec.helpFlags.contains(name) { throw Problem(description: "\(name) takes no value") }
            guard let option = spec.option(named: name) else {
                let hint =
                    Suggestion.closest(to: name, in: spec.options.map(\.name)).map { " (did you mean \($0)?)" } ?? ""
                throw Problem(description: "unknown option \(name)\(hint)")
            }
            guard !option.isFlag else {
                guard inlineValue == nil else { throw Problem(description: "\(name) takes no value") }
                flags.insert(name)
                continue
            }
            let text: String
            if let inlineValue {
                text = inlineValue
            } else {
                guard index < arguments.count else { throw Problem(description: "\(name) needs a value") }
                text = arguments[index]
                index += 1
            }
            if !option.repeatable, values[name] != nil {
                throw Problem(description: "\(name) is given more than once")
            }
            values[name, default: []].append(try option.read(text))
        }
    }

    subscript(flag: Flag) -> Bool { flags.contains(flag.spec.name) }

    /// The value given, or nil.
    subscript<Value>(option: Option<Value>) -> Value? {
        values[option.spec.name]?.last as? Value
    }

    /// The value given, or the option's default.
    subscript<Value>(option: DefaultedOption<Value>) -> Value {
        self[option.option] ?? option.fallback(self)
    }

    /// Every value given for a repeatable option, in order.
    func all<Value>(_ option: Option<Value>) -> [Value] {
        (values[option.spec.name] ?? []).compactMap { $0 as? Value }
    }

    /// Whether the option was given at all.
    func gave(_ spec: OptionSpec) -> Bool {
        flags.contains(spec.name) || values[spec.name] != nil
    }
}
