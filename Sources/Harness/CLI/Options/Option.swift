import Reports
import ScenarioLanguage

/// An option that takes a value of type `Value`, declared once: the parser checks its text when it reads
/// the arguments (a bad value is a usage error naming the option), help is written from it, and commands
/// read the typed value back with `options[option]` (nil when not given).
struct Option<Value: Sendable>: Sendable {
    let spec: OptionSpec
    /// How help shows a value of this type (for defaults).
    let show: @Sendable (Value) -> String

    init(
        _ name: String, _ placeholder: String, _ help: String, accepts: String? = nil, repeatable: Bool = false,
        synopsis: String? = nil, show: @escaping @Sendable (Value) -> String,
        read: @escaping @Sendable (String) throws(ArgumentList.Problem) -> Value
    ) {
        spec = OptionSpec(
            name: name, placeholder: placeholder, help: help, repeatable: repeatable, synopsisValue: synopsis,
            accepts: accepts, defaultText: nil, read: { text throws(ArgumentList.Problem) in try read(text) })
        self.show = show
    }

    /// The same option, read as `value` when not given.
    func defaulting(to value: Value) -> DefaultedOption<Value> {
        DefaultedOption(option: self, fallback: { _ in value }, defaultText: show(value))
    }

    /// The same option, read as `value` when not given, or as `other` when `flagOption` is given.
    func defaulting(to value: Value, or other: Value, with flagOption: Option<String>) -> DefaultedOption<Value> {
        DefaultedOption(
            option: self, fallback: { options in options[flagOption] == nil ? value : other },
            defaultText: "\(show(value)), or \(show(other)) with \(flagOption.spec.name)")
    }
}

/// An option with a default: reading it always gives a value.
struct DefaultedOption<Value: Sendable>: Sendable {
    let option: Option<Value>
    let fallback: @Sendable (ArgumentList) -> Value
    let spec: OptionSpec

    init(option: Option<Value>, fallback: @escaping @Sendable (ArgumentList) -> Value, defaultText: String) {
        self.option = option
        self.fallback = fallback
        var spec = option.spec
        spec.defaultText = defaultText
        self.spec = spec
    }
}

/// An option without a value: given or not.
struct Flag: Sendable {
    let spec: OptionSpec

    init(_ name: String, _ help: String) {
        spec = OptionSpec(name: name, placeholder: nil, help: help, read: { _ in true })
    }
}

extension Option where Value == String {
    /// Any text (a path, a name, a token).
    static func text(
        _ name: String, _ placeholder: String, _ help: String, repeatable: Bool = false, synopsis: String? = nil
    ) -> Option<String> {
        Option(name, placeholder, help, repeatable: repeatable, synopsis: synopsis, show: { $0 }) { $0 }
    }

    /// One of `choices`, spelt exactly.
    static func choice(_ name: String, _ choices: [String], _ help: String) -> Option<String> {
        let list = choices.joined(separator: " or ")
        return Option(name, choices.joined(separator: "|"), help, show: { $0 }) { text throws(ArgumentList.Problem) in
            guard choices.contains(text) else {
                throw ArgumentList.Problem(description: "\(name) must be \(list), not \(text)")
            }
            return text
        }
    }
}

extension Option where Value == Int {
    /// A whole number within `range`.
    static func integer(
        _ name: String, _ placeholder: String, _ help: String, in range: ClosedRange<Int>, synopsis: String? = nil
    ) -> Option<Int> {
        let accepts =
            range.upperBound == Int.max
            ? "a whole number from \(range.lowerBound)"
            : "a whole number from \(range.lowerBound) to \(range.upperBound)"
        return Option(name, placeholder, help, accepts: accepts, synopsis: synopsis, show: { String($0) }) {
            text throws(ArgumentList.Problem) in
            guard let number = Int(text), range.contains(number) else {
                throw ArgumentList.Problem(description: "\(name) must be \(accepts), not \(text)")
            }
            return number
        }
    }
}

extension Option where Value == Double {
    /// Seconds, whole or with a fraction (`0.5`), within `range`; no exponents.
    static func seconds(_ name: String, _ help: String, in range: ClosedRange<Double>) -> Option<Double> {
        let accepts = "seconds from \(Seconds.plain(range.lowerBound)) to \(Seconds.plain(range.upperBound))"
        return Option(name, "SECONDS", help, accepts: accepts, show: { Seconds.plain($0) }) {
            text throws(ArgumentList.Problem) in
            guard let seconds = Double(text), seconds.isFinite, range.contains(seconds),
                !text.contains(where: { $0 == "e" || $0 == "E" })
            else {
                throw ArgumentList.Problem(description: "\(name) must be a number of \(accepts), not \(text)")
            }
            return seconds
        }
    }
}

extension Option where Value == Int64 {
    /// A size as scenarios write it (`1048576`, `512KiB`, `1.5MB`), within `range` bytes.
    static func size(_ name: String, _ help: String, in range: ClosedRange<Int64>) -> Option<Int64> {
        let accepts = "a size from \(range.lowerBound) to \(range.upperBound) bytes"
        return Option(name, "SIZE", help, accepts: accepts, show: { ByteSize.describe($0) }) {
            text throws(ArgumentList.Problem) in
            guard let bytes = ByteSize.bytes(text), range.contains(bytes) else {
                throw ArgumentList.Problem(
                    description:
                        "\(name) must be \(accepts) (a number, or with B, KiB, MiB, GiB, KB, MB, GB), not \(text)")
            }
            return bytes
        }
    }
}
