import Primitives

/// The steps and task events of one scenario as they happened, one line each.
final class Transcript: Sendable {
    private let lines = Locked<[String]>([])

    func add(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    var text: String {
        lines.withLock { $0.joined(separator: "\n") }
    }
}
