import Foundation
import SecurityRules
import Testing

/// The deepest evaluation the limits allow fits a thread with a 2 MiB stack, in a debug build (whose frames are
/// several times those of a release build); past the limit it ends in a denial.
@Suite struct StackTests {
    @Test func deepestEvaluationFitsASmallStack() throws {
        let negations = String(repeating: "!", count: RulesLimits.expressionDepth - 4)
        let functions =
            (0..<RulesLimits.callDepth - 1).map { "function f\($0)(x) { return \(negations)f\($0 + 1)(x); }" }
            .joined(separator: "\n") + "\nfunction f\(RulesLimits.callDepth - 1)(x) { return x; }"
        let program = try Rules.v2(functions + "\nmatch /{x} { allow get: if f0(true) || true; }")
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        let thread = Thread {
            box.decision = program.decide(Rules.request(.get, "x"))
            box.loaded = (try? Rules.v2(functions)) != nil
            done.signal()
        }
        thread.stackSize = 2 << 20
        thread.start()
        done.wait()
        #expect(box.loaded)
        #expect(box.decision?.allowed == false)
        #expect(box.decision?.explanation.contains("nest deeper than \(RulesLimits.evaluationDepth) levels") == true)
    }

    final class ResultBox: @unchecked Sendable {
        var decision: RulesDecision?
        var loaded = false
    }
}
