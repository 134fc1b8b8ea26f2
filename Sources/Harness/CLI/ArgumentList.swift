/// A command's arguments, read option by option: `--name value`, `--name=value`, flags and positionals.
/// Anything not declared is an error that names it.
struct ArgumentList {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments` against the options that take a value and the flags that don't.
    init(_ arguments: [String], options: Set<String>, flags allowedFlags: Set<String>) throws(Problem) {
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
            if allowedFlags.contains(name) {
                guard inlineValue == nil else { throw Problem(description: "\(name) takes no value") }
                flags.insert(name)
            } else if options.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count else { throw Problem(description: "\(name) needs a value") }
                    values[name, default: []].append(arguments[index])
                    index += 1
                }
            } else {
                throw Problem(description: "unknown option \(name)")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value given for `option`.
    func value(_ option: String) -> String? { values[option]?.last }

    /// Every value given for a repeatable option.
    func all(_ option: String) -> [String] { values[option] ?? [] }

    func integer(_ option: String, in range: ClosedRange<Int>) throws(Problem) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw Problem(description: "\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(text)")
        }
        return number
    }
}
