import Dispatch
import Foundation

/// Turns SIGINT and SIGTERM into a call on a background queue instead of the default (ending the process
/// at once), until `cancel()`, which gives the signals their default meaning back.
final class SignalWatch {
    private let sources: [any DispatchSourceSignal]
    private let numbers: [Int32]

    init(_ numbers: [Int32] = [SIGINT, SIGTERM], handler: @escaping @Sendable (Int32) -> Void) {
        self.numbers = numbers
        sources = numbers.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        for number in numbers { signal(number, SIG_DFL) }
    }

    /// The exit code of a process ended by `number`: 128 + the signal (130 for SIGINT, 143 for SIGTERM).
    static func exitCode(for number: Int32) -> Int32 { 128 + number }

    static func name(of number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}
