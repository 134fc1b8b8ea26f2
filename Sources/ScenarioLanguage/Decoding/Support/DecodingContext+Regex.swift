import Foundation

/// Whether a pattern compiles as an `NSRegularExpression` (what the runner matches with). Verdicts are
/// kept per file: scenarios repeat their patterns, and compiling is the slow part of decoding.
extension DecodingContext {
    func regexCompiles(_ pattern: String) -> Bool {
        if let verdict = regexVerdicts[pattern] { return verdict }
        let verdict = (try? NSRegularExpression(pattern: pattern)) != nil
        regexVerdicts[pattern] = verdict
        return verdict
    }

    /// Whether a template compiles once its variables are filled in (with a plain word).
    func regexCompiles(_ template: Template) -> Bool {
        let sample = template.parts.map { part in
            switch part {
            case .literal(let text): text
            case .variable: "x"
            }
        }.joined()
        return regexCompiles(sample)
    }
}
