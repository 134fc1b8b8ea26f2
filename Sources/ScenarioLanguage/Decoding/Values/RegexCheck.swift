import Foundation

/// Whether a pattern compiles as an `NSRegularExpression` (what the runner matches with).
enum RegexCheck {
    static func compiles(_ pattern: String) -> Bool {
        (try? NSRegularExpression(pattern: pattern)) != nil
    }

    /// Whether a template compiles once its variables are filled in (with a plain word).
    static func compiles(_ template: Template) -> Bool {
        let sample = template.parts.map { part in
            switch part {
            case .literal(let text): text
            case .variable: "x"
            }
        }.joined()
        return compiles(sample)
    }
}
