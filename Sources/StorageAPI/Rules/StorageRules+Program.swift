import Primitives
import SecurityRules

extension StorageRules {
    /// The name the shorthand's rules source is reported under.
    public static let sourceName = "shorthand.rules"

    /// The shorthand as the rules engine decides it: `source`, loaded. The scenario reader and the rules JSON
    /// refuse a shorthand that cannot be written as a rules file (version 1 with `**` before the last segment);
    /// built in code, such a shorthand allows nothing, and its source says why.
    public var program: RulesProgram {
        do {
            return try RulesProgram(RulesSource(name: Self.sourceName, text: source))
        } catch {
            let why = String(
                String.UnicodeScalarView(
                    error.message.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
            let comment = "// The shorthand cannot be written as rules (\(error.location)): \(why)\n"
            // An empty service allows nothing; with or without the comment, it loads.
            let empty = "service firebase.storage {}\n"
            return (try? RulesProgram(RulesSource(name: Self.sourceName, text: comment + empty)))
                ?? (try? RulesProgram(RulesSource(name: Self.sourceName, text: empty))) ?? Self.allowAll.program
        }
    }

    /// Why the shorthand cannot be written as a rules file, or nil when it can.
    public var sourceProblem: Diagnostic? {
        do {
            _ = try RulesProgram(RulesSource(name: Self.sourceName, text: source))
            return nil
        } catch {
            return error
        }
    }
}
