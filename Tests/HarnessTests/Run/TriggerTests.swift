import Harness
import Testing

/// `when:` on pause, resume and cancel: the action happens inside the event that meets the trigger.
@Suite("Runner: triggers")
struct TriggerTests {
    /// A 1 MiB upload goes in four 256 KiB chunks: one progress event per chunk.
    static let upload = """
        - put: a.bin
          data: { zeros: 1MiB }
          as: up
        """

    @Test func bytesActInsideTheFirstProgressEventThatReachesThem() throws {
        let report = try runSteps(
            Self.upload + """

                - pause: up
                  when: { progress: 300KiB }
                - resume: up
                - await: up
                  expect: { events: "resume progress{2} pause resume progress{2} success" }
                """)
        expectPassed(report)
        #expect(report.transcript.contains("    up: progress(524288/1048576)\n    up: pause\nstep 3"))
    }

    @Test func exactBytesCountAsReached() throws {
        expectPassed(
            try runSteps(
                Self.upload + """

                    - cancel: up
                      when: { progress: 256KiB }
                    - await: up
                      expect: { events: "resume progress failure(cancelled)", progress: { completed: 262144, total: 1048576 } }
                    """))
    }

    @Test func percentOfTheTotal() throws {
        expectPassed(
            try runSteps(
                Self.upload + """

                    - pause: up
                      when: { progress: 75% }
                    - resume: up
                    - await: up
                      expect: { events: "resume progress{3} pause resume progress success" }
                    """))
    }

    @Test func fractionalPercent() throws {
        expectPassed(
            try runSteps(
                Self.upload + """

                    - pause: up
                      when: { progress: 25.5% }
                    - resume: up
                    - await: up
                      expect: { events: "resume progress{2} pause resume progress{2} success" }
                    """))
    }

    /// A pause made at once is delivered at once: a later `when: { event: pause }` finds it and acts
    /// without waiting.
    @Test func eventPauseAfterAnImmediatePause() throws {
        expectPassed(
            try runSteps(
                Self.upload + """

                    - pause: up
                    - resume: up
                      when: { event: pause }
                    - await: up
                      expect: { events: "pause resume progress{4} success" }
                    """))
    }

    /// Each event trigger starts looking just after the event the previous one acted in, so it sees the
    /// events that action set off, and never the same event twice.
    @Test func eventTriggersFollowOneAnother() throws {
        expectPassed(
            try runSteps(
                Self.upload + """

                    - pause: up
                    - resume: up
                      when: { event: pause }
                    - pause: up
                      when: { event: resume }
                    - resume: up
                      when: { event: pause }
                    - await: up
                      expect: { events: "pause resume pause resume progress{4} success" }
                    """))
    }

    @Test func anEventTriggerNeverReusesAnEarlierEvent() throws {
        expectPassed(
            try runSteps(
                Self.upload + """

                    - pause: up
                      when: { progress: 256KiB }
                    - resume: up
                      when: { event: pause }
                    - pause: up
                      when: { event: progress }
                    - resume: up
                      when: { event: pause }
                    - await: up
                      expect: { events: "resume progress pause resume progress pause resume progress{2} success" }
                    """))
    }

    @Test func anEventTriggerWaitsForAFutureEvent() throws {
        expectPassed(
            try runSteps(
                Self.upload + """

                    - cancel: up
                      when: { event: progress }
                    - await: up
                      expect: { events: "resume progress failure(cancelled)", error: cancelled }
                    """))
    }

    @Test func triggersOnDownloads() throws {
        expectPassed(
            try runSteps(
                """
                - getData: big.bin
                  maxSize: 2MiB
                  as: down
                - pause: down
                  when: { progress: 50% }
                - resume: down
                  when: { event: pause }
                - await: down
                  expect: { events: "resume progress{2} pause resume progress{2} success", data: { random: 1MiB, seed: 4 } }
                """,
                given: "objects:\n  big.bin: { random: 1MiB, seed: 4 }"))
    }

    /// Without `when:`, a control acts when the step is reached; controls that do not apply do nothing.
    @Test func controlsWithoutTriggerActAtOnce() throws {
        expectPassed(
            try runSteps(
                Self.upload + """

                    - resume: up
                    - pause: up
                    - pause: up
                    - resume: up
                    - await: up
                    - cancel: up
                    - await: up
                      expect: { events: "pause resume progress{4} success" }
                    """))
    }

    @Test func aTriggerOnAPausedTaskIsNeverMet() throws {
        let report = try runSteps(
            Self.upload + """

                - pause: up
                - cancel: up
                  when: { progress: 1 }
                """)
        let failure = try #require(report.outcome.failure)
        #expect(failure.type == .triggerNotMet)
        #expect(
            failure.message
                == "the trigger was never met: task up stopped without it: expected { progress: 1 }, actual pause")
        #expect(failure.detail.contains("  expected: "))
        #expect(failure.detail.contains("  actual:   pause"))
    }

    @Test func aRetryTriggerActsWhileTheClientWaitsAndNoFurtherAttemptIsMade() throws {
        let report = try runSteps(
            Self.upload + """

                - cancel: up
                  when: { retry: 3 }
                - await: up
                  expect: { events: "resume failure(cancelled)" }
                """,
            given: "faults: [{ request: chunk, every: true, status: 503 }]")
        expectPassed(report)
        // Three waits were announced; the cancel inside the third left no fourth chunk request.
        #expect(report.transcript.contains("up: retry 3 after"))
        #expect(!report.transcript.contains("up: retry 4 after"))
    }

    @Test func aRetryTriggerTheTaskAlreadyPassedFailsTheStep() throws {
        let report = try runSteps(
            Self.upload + """

                - await: up
                  expect: { events: "resume progress+ success" }
                - pause: up
                  when: { retry: 1 }
                """,
            given: "faults: [{ request: chunk, status: 503 }]")
        #expect(
            report.outcome.failure?.message.contains("its client had waited to retry 1 times") == true,
            "\(report.outcome)")
    }
}
