import Foundation
import Harness
import Testing

/// What the runner says when a scenario does something that cannot work as written.
@Suite("runner hints")
struct RunnerHintTests {
    @Test func readingBeforeAwaitingSaysTheTaskHasNotRun() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "Scenarios/a.yaml",
            "scenario: reads too early\nsteps:\n  - put: a.txt\n    data: hello\n    as: up\n  - getMetadata: a.txt\n  - await: up\n"
        )
        let run = ToolRun(["run", folder.path("Scenarios"), "--junit", folder.path("j.xml")])
        #expect(run.code == 1)
        #expect(
            run.output.contains(
                "(task up was started with as: and has not run yet: a task advances only while a step waits for it, so `await: up` first)"
            ), "\(run.output)")
    }

    @Test func anActionInTheLastProgressEventIsNoted() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "Scenarios/a.yaml",
            "scenario: too late\nsteps:\n  - put: a.txt\n    file: data.bin\n    as: up\n  - pause: up\n    when: { progress: 50% }\n  - await: up\n    expect: { events: \"resume progress pause\" }\n"
        )
        try folder.write("Scenarios/data.bin", "small")
        let run = ToolRun(["run", folder.path("Scenarios"), "--junit", folder.path("j.xml")])
        #expect(run.code == 1)
        #expect(
            run.output.contains(
                "note: pause acted in task up's last progress event, when the task was already finishing, so it has no effect"
            ), "\(run.output)")
    }

    @Test func theOverviewNamesVersion() {
        #expect(ToolRun(["--help"]).output.contains("\n  version  "))
    }
}
