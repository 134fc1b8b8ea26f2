import StorageSDK
import Testing

@testable import Runner

/// The checks that hold for every task, on hand-made event lists: one case per kind of breach.
@Suite("Runner: task invariants")
struct TaskInvariantTests {
    typealias Event = TaskRecord.Event

    static func resume(_ completed: Int64 = 0, of total: Int64 = 100) -> Event {
        Event(status: .resume, completed: completed, total: total)
    }
    static func progress(_ completed: Int64, of total: Int64 = 100) -> Event {
        Event(status: .progress, completed: completed, total: total)
    }
    static func pause(_ completed: Int64, of total: Int64 = 100) -> Event {
        Event(status: .pause, completed: completed, total: total)
    }
    static func success(_ completed: Int64 = 100, of total: Int64 = 100) -> Event {
        Event(status: .success, completed: completed, total: total)
    }
    static func failure(_ code: StorageErrorCode, _ completed: Int64 = 0, of total: Int64 = 100) -> Event {
        Event(status: .failure, code: code, completed: completed, total: total)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let events: [Event]
        var uploadSize: Int64? = nil
        var mustHaveEnded = false
        /// Nil: the events keep every invariant.
        let breach: String?

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a plain success", events: [resume(), progress(50), progress(100), success()], uploadSize: 100,
            breach: nil),
        Case(
            name: "pause and resume",
            events: [resume(), progress(50), pause(50), resume(50), progress(100), success()], breach: nil),
        Case(name: "paused before it started", events: [pause(0), resume(), progress(100), success()], breach: nil),
        Case(
            name: "a cancel", events: [resume(), progress(50), failure(.cancelled, 50)], mustHaveEnded: true,
            breach: nil),
        Case(name: "a failure without a resume", events: [failure(.unknown)], mustHaveEnded: true, breach: nil),
        Case(
            name: "an empty upload", events: [resume(0, of: 0), progress(0, of: 0), success(0, of: 0)], uploadSize: 0,
            breach: nil),
        Case(name: "an unfinished task, mid-scenario", events: [resume(), progress(50)], breach: nil),
        Case(
            name: "an unknown total", events: [resume(0, of: -1), progress(50, of: -1), progress(90, of: -1)],
            breach: nil),
        Case(
            name: "an event after success", events: [resume(), progress(100), success(), progress(100)],
            breach: "event 4 (progress(100/100)) came after the terminal event"),
        Case(
            name: "two terminal events", events: [resume(), failure(.cancelled), failure(.unknown)],
            breach: "event 3 (failure(unknown)) came after the terminal event"),
        Case(
            name: "success after a failure", events: [resume(), progress(100), failure(.cancelled, 100), success()],
            breach: "event 4 (success) came after the terminal event"),
        Case(
            name: "progress while paused", events: [resume(), progress(10), pause(10), progress(20)],
            breach: "event 4 (progress(20/100)) was delivered while the task was paused"),
        Case(
            name: "completed bytes going down", events: [resume(), progress(60), progress(40)],
            breach: "event 3 (progress(40/100)): completed bytes went down from 60"),
        Case(
            name: "completed bytes going down at a pause", events: [resume(), progress(60), pause(30)],
            breach: "event 3 (pause): completed bytes went down from 60"),
        Case(
            name: "completed beyond the total", events: [resume(), progress(120)],
            breach: "event 2 (progress(120/100)): completed exceeds the total"),
        Case(
            name: "an unknown status", events: [resume(), Event(status: .unknown, completed: 0, total: 100)],
            breach: "event 2 (unknown) has the status unknown"),
        Case(
            name: "success short of the total", events: [resume(), progress(50), success(50)],
            breach: "success with 50 of 100 bytes done"),
        Case(
            name: "success with a total other than the data's size", events: [resume(), progress(100), success()],
            uploadSize: 120,
            breach: "success with a total of 100 bytes for 120 bytes of data"),
        Case(
            name: "no terminal event at the end", events: [resume(), progress(50), pause(50)], mustHaveEnded: true,
            breach: "the task never delivered a terminal event (success or failure): await it, or cancel it"),
        Case(
            name: "no event at all at the end", events: [], mustHaveEnded: true,
            breach: "the task never delivered a terminal event (success or failure): await it, or cancel it"),
    ]

    @Test(arguments: cases)
    func invariant(_ testCase: Case) {
        let breach = TaskRecord.invariantBreach(
            in: testCase.events, uploadSize: testCase.uploadSize, mustHaveEnded: testCase.mustHaveEnded)
        #expect(breach == testCase.breach)
    }

    /// The first breach is the one reported.
    @Test func theFirstBreachWins() {
        let breach = TaskRecord.invariantBreach(
            in: [Self.resume(), Self.progress(150), Self.progress(120), Self.success()], uploadSize: nil)
        #expect(breach == "event 2 (progress(150/100)): completed exceeds the total")
    }
}
