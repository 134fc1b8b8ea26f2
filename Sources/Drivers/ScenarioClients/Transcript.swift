import Primitives

/// The steps and task events of one scenario as they happened, one line each.
package final class Transcript: Sendable {
    private let lines = Locked<[String]>([])

    package init() {}

    package func add(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    package var text: String {
        lines.withLock { $0.joined(separator: "\n") }
    }
}
