import Harness
import Reports
import Testing

/// A pin's fingerprint as manifests write it: read back exactly, and refused when it is not one.
@Suite("Results: failure fingerprints")
struct FailureFingerprintTests {
    @Test(arguments: [
        "step 3 (line 27) updateMetadata: MetadataMismatch [fields: metageneration]",
        "step 1 (line 82) put: EventMismatch [event 2: failure(unauthorized) expected success; error unauthorized; status 403]",
        "step 2 (line 9) getMetadata: UnexpectedError [error objectNotFound; status 404]",
        "step 4 (line 42) list: ListMismatch [fields: prefixes]",
        "step 1 (line 5) getData: EventMismatch [event 3: (end) expected progress|success]",
        "step 2 (line 9) getData: StepTimeout []",
        "given: FixtureError []",
        "checks: TaskInvariant [fields: a, b]",
    ])
    func aFingerprintedPinReadsBack(_ text: String) throws {
        let pin = try #require(FailurePin(parsing: text))
        #expect(pin.fingerprint != nil)
        #expect(pin.description == text)
    }

    @Test func aPinWithoutAFingerprintStillReads() throws {
        let pin = try #require(FailurePin(parsing: "step 1 (line 82) put: EventMismatch"))
        #expect(pin.fingerprint == nil)
        #expect(pin.description == "step 1 (line 82) put: EventMismatch")
    }

    @Test(arguments: [
        "step 1 (line 2) put: EventMismatch [status 99]", "step 1 (line 2) put: EventMismatch [status 600]",
        "step 1 (line 2) put: EventMismatch [colour red]", "step 1 (line 2) put: EventMismatch [event 0: x expected y]",
        "step 1 (line 2) put: EventMismatch [fields: ]", "step 1 (line 2) put: EventMismatch [status 404; status 403]",
        "step 1 (line 2) put: EventMismatch [error two words]", "step 1 (line 2) put: EventMismatch[]",
    ])
    func notAFingerprint(_ text: String) {
        #expect(FailurePin(parsing: text) == nil)
    }

    /// A pinned fingerprint must agree; a pin without one matches on place and kind alone.
    @Test func matching() throws {
        let actual = try #require(FailurePin(parsing: "step 1 (line 8) getMetadata: UnexpectedError [status 403]"))
        let same = try #require(FailurePin(parsing: "step 1 (line 3) getMetadata: UnexpectedError [status 403]"))
        let other = try #require(FailurePin(parsing: "step 1 (line 8) getMetadata: UnexpectedError [status 404]"))
        let old = try #require(FailurePin(parsing: "step 1 (line 8) getMetadata: UnexpectedError"))
        #expect(same.matches(actual))
        #expect(!other.matches(actual))
        #expect(old.matches(actual))
    }
}
