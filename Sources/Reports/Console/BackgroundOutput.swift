import Foundation
import Primitives

/// Text written to `output` by a thread of its own, so `write` never waits on a slow or stalled reader (a
/// `serve --verbose` piped into a program that stopped reading). At most `capacity` pieces wait; beyond that
/// they are dropped and counted, and a line saying how many were dropped is written once the output moves.
package final class BackgroundOutput: ConsoleOutput {
    private struct Pending {
        package var pieces: [String] = []
        package var dropped = 0
        package var writing = false
    }

    private let output: any ConsoleOutput
    private let capacity: Int
    private let pending = Locked(Pending())
    private let wake = DispatchSemaphore(value: 0)

    package init(_ output: any ConsoleOutput, capacity: Int = 10_000) {
        self.output = output
        self.capacity = max(1, capacity)
        Thread.detachNewThread { [self] in drain() }
    }

    package func write(_ text: String) {
        let queued = pending.withLock { pending in
            guard pending.pieces.count < capacity else {
                pending.dropped += 1
                return false
            }
            pending.pieces.append(text)
            return true
        }
        if queued { wake.signal() }
    }

    /// Waits until everything queued so far is written, at most `timeout`.
    package func flush(timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18)
        pending.wait(until: deadline, for: { $0.pieces.isEmpty && !$0.writing }) { _, _ in }
    }

    private func drain() {
        while true {
            wake.wait()
            let (pieces, dropped) = pending.withLock { pending in
                defer {
                    pending.pieces = []
                    pending.dropped = 0
                    pending.writing = true
                }
                return (pending.pieces, pending.dropped)
            }
            if !pieces.isEmpty { output.write(pieces.joined()) }
            if dropped > 0 { output.write("(\(dropped) log lines dropped: the output did not keep up)\n") }
            pending.withCondition { pending, condition in
                pending.writing = false
                condition.broadcast()
            }
        }
    }
}
