import ScenarioLanguage
import Testing

/// Warnings for scenarios that would pass without checking what they mean to (issue: silent no-ops).
@Suite("Silent no-op warnings")
struct SilentNoOpWarningTests {
    private func warnings(_ steps: String) -> [String] {
        stepsFixture(steps).decode().diagnostics.filter { $0.severity == .warning }
            .map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }

    @Test func aProgressPauseOnAOneChunkUploadDoesNothing() {
        #expect(
            warnings(
                "- put: a\n  data: { zeros: 100KiB }\n  as: up\n- pause: up\n  when: { progress: 50% }\n- resume: up\n- await: up"
            ) == [
                "7:11: task up uploads 100KiB in one chunk: its only progress event is its last, when the upload is already finishing, "
                    + "so this pause does nothing (upload more than 256KiB, or set a smaller chunkSize) [one-chunk-trigger]"
            ])
        #expect(
            warnings(
                "- put: a\n  data: { zeros: 1MiB }\n  as: up\n- pause: up\n  when: { progress: 50% }\n- resume: up\n- await: up"
            ).isEmpty)
        #expect(
            warnings("- put: a\n  data: hello\n  as: up\n- cancel: up\n  when: { event: progress }\n- await: up")
                .isEmpty)
    }

    @Test func aProgressPointBeyondTheUploadIsNeverMet() {
        #expect(
            warnings(
                "- put: a\n  data: { zeros: 1MiB }\n  as: up\n- cancel: up\n  when: { progress: 2MiB }\n- await: up")
                == [
                    "7:11: task up uploads 1MiB: a progress point of 2MiB is never met [progress-never-met]"
                ])
    }

    @Test func chunkSizesTheServiceRoundsAreNamed() {
        #expect(
            warnings("- put: a\n  data: { zeros: 1MiB }\n  chunkSize: 100KiB") == [
                "5:5: chunkSize 100KiB is below the service's granularity of 256 KiB: the upload goes in 256 KiB chunks [chunk-below-granularity]"
            ])
        #expect(
            warnings("- put: a\n  data: { zeros: 1MiB }\n  chunkSize: 300KiB") == [
                "5:5: chunkSize 300KiB is not a multiple of 256 KiB: the upload goes in chunks of 256KiB [chunk-not-a-multiple]"
            ])
        #expect(warnings("- put: a\n  data: { zeros: 1MiB }\n  chunkSize: 512KiB").isEmpty)
    }

    @Test func plainStringDataIsText() throws {
        let steps = try stepsFixture("- put: a\n  data: hello world").steps()
        guard case .put(_, .data(let data), _, _) = steps[0].action else { throw Failure.notAPut }
        #expect(data == .text("hello world"))
    }

    private enum Failure: Error { case notAPut }
}
