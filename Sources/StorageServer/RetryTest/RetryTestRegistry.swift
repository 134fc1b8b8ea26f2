import Foundation
import Primitives
import StorageAPI

/// The retry tests clients have set up (`POST /retry_test`): per test, the instructions each operation has
/// still to consume, in order. One owner, behind one lock.
final class RetryTestRegistry: Sendable {
    struct RetryTest: Sendable {
        let id: String
        /// The instructions as given, for the answers.
        var remaining: [(operation: String, instructions: [String])]

        var completed: Bool { remaining.allSatisfy { $0.instructions.isEmpty } }
    }

    /// Tests at once; more are refused (429), so a client cannot grow the table without bound.
    static let limit = 10_000

    private let tests = Locked<[String: RetryTest]>([:])

    /// Nil when the table is full.
    func create(_ instructions: [(operation: String, instructions: [String])]) -> RetryTest? {
        let test = RetryTest(id: UUID().uuidString.lowercased(), remaining: instructions)
        return tests.withLock { tests in
            guard tests.count < Self.limit else { return nil }
            tests[test.id] = test
            return test
        }
    }

    func test(_ id: String) -> RetryTest? {
        tests.withLock { $0[id] }
    }

    var all: [RetryTest] {
        tests.withLock { Array($0.values) }.sorted { $0.id < $1.id }
    }

    func remove(_ id: String) -> Bool {
        tests.withLock { $0.removeValue(forKey: id) != nil }
    }

    /// Takes the next instruction for `operation` in test `id`: nil when none is left for it; throws 404
    /// for a test that does not exist.
    func consume(_ id: String, operation: String) throws(BackendError) -> RetryInstruction? {
        let text = try tests.withLock { (tests: inout [String: RetryTest]) throws(BackendError) -> String? in
            guard var test = tests[id] else { throw .notFound("No retry test \(id) (x-retry-test-id).") }
            guard let index = test.remaining.firstIndex(where: { $0.operation == operation }),
                !test.remaining[index].instructions.isEmpty
            else { return nil }
            let next = test.remaining[index].instructions.removeFirst()
            tests[id] = test
            return next
        }
        return text.flatMap(RetryInstruction.init)
    }
}
