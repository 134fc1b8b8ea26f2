/// Replaces characters that must not reach a report raw with a visible Swift-style escape
/// such as `\u{1B}`, so the reader still sees that something was there.
package enum VisibleEscapes {
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// Replaces every scalar for which `isAllowed` is false.
    package static func replacing(in text: String, allowing isAllowed: (Unicode.Scalar) -> Bool) -> String {
        guard !text.unicodeScalars.allSatisfy(isAllowed) else { return text }
        var result = String.UnicodeScalarView()
        result.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isAllowed(scalar) {
                result.append(scalar)
            } else {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            }
        }
        return String(result)
    }
}
