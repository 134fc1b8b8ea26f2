import Foundation

/// Wall-clock timing with the monotonic clock.
enum Stopwatch {
    /// Seconds taken by `body`.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The fastest of `iterations` runs, and the median.
    static func best(of iterations: Int, _ body: () throws -> Void) rethrows -> (best: Double, median: Double) {
        var times: [Double] = []
        for _ in 0..<max(1, iterations) { times.append(try time(body)) }
        times.sort()
        return (times[0], times[times.count / 2])
    }

    static func format(_ seconds: Double) -> String {
        seconds < 1e-3
            ? String(format: "%.1f µs", seconds * 1e6)
            : seconds < 1 ? String(format: "%.2f ms", seconds * 1e3) : String(format: "%.3f s", seconds)
    }
}
