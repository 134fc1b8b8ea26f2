import Foundation

/// Durations as reports print them: seconds, never NaN, infinite or negative.
package enum Seconds {
    /// `value`, or 0 when it is NaN, infinite or negative.
    static func sanitized(_ value: Double) -> Double {
        value.isFinite && value > 0 ? value : 0
    }

    /// Seconds with exactly three decimals (`1.250`), the form every JUnit consumer accepts.
    static func formatted(_ value: Double) -> String {
        String(format: "%.3f", sanitized(value))
    }

    /// As people write it: `60`, `0.5`.
    package static func plain(_ value: Double) -> String {
        let seconds = sanitized(value)
        return seconds == seconds.rounded() && seconds < 1e15 ? String(Int(seconds)) : String(seconds)
    }

    /// `3.5`: one decimal, for what people wait on.
    package static func tenths(_ value: Double) -> String {
        String(format: "%.1f", sanitized(value))
    }

    /// A duration in seconds.
    package static func of(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Whole milliseconds (`1250`), for console lines.
    static func milliseconds(_ value: Double) -> String {
        String(format: "%.0f", sanitized(sanitized(value) * 1000))
    }
}
