import ScenarioLanguage

/// A command's arguments, read against its `CommandSpec`: `--name value`, `--name=value`, flags and
/// positionals. Anything the spec does not declare is an error that names it.
struct ArgumentList {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
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
            guard option.value != nil else {
                guard inlineValue == nil else { throw Problem(description: "\(name) takes no value") }
                flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw Problem(description: "\(name) needs a value") }
                value = arguments[index]
                index += 1
            }
            if !option.repeatable, values[name] != nil {
                throw Problem(description: "\(name) is given more than once")
            }
            values[name, default: []].append(value)
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The value given for `option`.
    func value(_ option: String) -> String? { values[option]?.last }

    /// Every value given for a repeatable option.
    func all(_ option: String) -> [String] { values[option] ?? [] }

    func integer(_ option: String, in range: ClosedRange<Int>) throws(Problem) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw Problem(
                description:
                    "\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(text)")
        }
        return number
    }

    /// A size as scenarios write it (`1048576`, `512KiB`, `1.5MB`), within `range` bytes.
    func size(_ option: String, in range: ClosedRange<Int64>) throws(Problem) -> Int64? {
        guard let text = value(option) else { return nil }
        guard let bytes = ByteSize.bytes(text), range.contains(bytes) else {
            throw Problem(
                description: "\(option) must be a size from \(range.lowerBound) to \(range.upperBound) bytes "
                    + "(a number, or with B, KiB, MiB, GiB, KB, MB, GB), not \(text)")
        }
        return bytes
    }

    /// Seconds, whole or with a fraction (`0.5`), within `range`.
    func seconds(_ option: String, in range: ClosedRange<Double>) throws(Problem) -> Double? {
        guard let text = value(option) else { return nil }
        guard let seconds = Double(text), seconds.isFinite, range.contains(seconds), !text.contains("e"),
            !text.contains("E")
        else {
            throw Problem(
                description:
                    "\(option) must be a number of seconds from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), not \(text)"
            )
        }
        return seconds
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
