import Foundation
import Harness
import Reports
import Testing

@Suite("JUnit report structure")
struct JUnitReportStructureTests {
    let document: ParsedElement

    init() throws {
        document = try MiniXML.parse(JUnitReport.render(ReportFixtures.mixed))
    }

    var suites: [ParsedElement] { document.children(named: "testsuite") }

    @Test func startsWithAnXMLDeclaration() {
        #expect(JUnitReport.render(ReportFixtures.mixed).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
    }

    @Test func rootIsABareTestsuitesWithOneSuitePerFile() {
        #expect(document.name == "testsuites")
        #expect(document.attributes.isEmpty)
        #expect(document.children.map(\.name) == ["testsuite", "testsuite", "testsuite"])
        #expect(suites.map { $0[attribute: "name"] } == ["upload/pause-resume", "list/edge-cases", "empty"])
        #expect(suites.map { $0[attribute: "package"] } == ["upload/pause-resume", "list/edge-cases", "empty"])
        #expect(suites.map { $0[attribute: "id"] } == ["0", "1", "2"])
    }

    @Test func suiteCountsMatchTheExpectedOutcomes() {
        let counts = suites.map { suite in
            ["tests", "failures", "errors", "skipped"].map { suite[attribute: $0] ?? "missing" }
        }
        #expect(counts == [["5", "1", "1", "2"], ["2", "1", "0", "0"], ["0", "0", "0", "0"]])
    }

    @Test func suiteCountsEqualTheirChildren() {
        for suite in suites {
            let cases = suite.children(named: "testcase")
            #expect(suite[attribute: "tests"] == String(cases.count))
            for (attribute, child) in [("failures", "failure"), ("errors", "error"), ("skipped", "skipped")] {
                let count = cases.filter { !$0.children(named: child).isEmpty }.count
                #expect(
                    suite[attribute: attribute] == String(count), "\(attribute) of \(suite[attribute: "name"] ?? "")")
            }
        }
    }

    @Test func suiteChildrenComeInWindyroadOrder() {
        #expect(
            suites[0].children.map(\.name)
                == [
                    "properties", "testcase", "testcase", "testcase", "testcase", "testcase", "system-out",
                    "system-err",
                ])
        #expect(suites[2].children.map(\.name) == ["properties", "system-out", "system-err"])
    }

    @Test func propertiesNameTargetToolVersionAndPath() throws {
        let properties = try #require(suites.first?.children(named: "properties").first)
        let pairs = properties.children.map { [$0[attribute: "name"] ?? "", $0[attribute: "value"] ?? ""] }
        #expect(
            pairs == [
                ["target", "reference"], ["tool.version", "1.2.3"], ["path", "Scenarios/upload/pause-resume.yaml"],
                ["outcomes", "1 passed, 1 failed, 1 errored, 1 expected failure, 1 skipped"],
            ])
    }

    @Test func suiteAttributesCarryTimestampAndHostname() {
        #expect(suites.allSatisfy { $0[attribute: "timestamp"] == "2024-02-29T13:05:09" })
        #expect(suites.allSatisfy { $0[attribute: "hostname"] == "ci-runner-7" })
    }

    @Test func timesHaveThreeDecimalsAndSuitesSumTheirCases() {
        #expect(suites.map { $0[attribute: "time"] } == ["1.266", "0.501", "0.000"])
        let caseTimes = suites[0].children(named: "testcase").map { $0[attribute: "time"] ?? "" }
        #expect(caseTimes == ["0.012", "0.250", "1.000", "0.000", "0.004"])
    }

    @Test func testcasesNameTheScenarioAndTheFile() {
        let cases = suites[0].children(named: "testcase")
        #expect(
            cases.map { $0[attribute: "name"] ?? "" }
                == ["pausing works", "resuming delivers", "server down", "live only", "known gap"])
        #expect(cases.allSatisfy { $0[attribute: "classname"] == "upload/pause-resume" })
        #expect(cases.map { $0.attributes.map(\.name) }.allSatisfy { $0 == ["name", "classname", "time"] })
    }

    @Test func eachOutcomeHasAtMostOneMatchingChild() {
        let cases = suites[0].children(named: "testcase")
        #expect(cases.map { $0.children.map(\.name) } == [[], ["failure"], ["error"], ["skipped"], ["skipped"]])
    }

    @Test func failureCarriesTypeFirstLineAndFullDetailWithLocation() throws {
        let failure = try #require(suites[0].children(named: "testcase")[1].children.first)
        #expect(failure[attribute: "type"] == "EventMismatch")
        #expect(failure[attribute: "message"] == "events differ after 'paused'")
        #expect(failure.text == ReportFixtures.eventMismatch.detail + "\nat Scenarios/upload/pause-resume.yaml:14")
    }

    @Test func errorCarriesTypeMessageAndDetail() throws {
        let error = try #require(suites[0].children(named: "testcase")[2].children.first)
        #expect(error[attribute: "type"] == "TransportError")
        #expect(error[attribute: "message"] == "connection refused")
        #expect(error.text == ReportFixtures.transportError.detail)
    }

    @Test func skipsCarryTheirReason() {
        let cases = suites[0].children(named: "testcase")
        #expect(cases[3].children.first?[attribute: "message"] == "not for target reference")
    }

    /// An expected failure is a skip whose message names the pin and the reason, with the actual failure inside.
    @Test func anExpectedFailureIsASkipThatKeepsTheActualFailure() throws {
        let skipped = try #require(suites[0].children(named: "testcase")[4].children.first)
        #expect(skipped.name == "skipped")
        #expect(
            skipped[attribute: "message"]
                == "expected failure (step 1 (line 52) list: ListMismatch): the emulator pages items only")
        #expect(skipped.text == "ListMismatch: items differ\n\nexpected [a], actual [b]")
        #expect(suites[0][attribute: "skipped"] == "2")
    }

    @Test func failureWithoutDetailIsAnEmptyElement() throws {
        let failure = try #require(suites[1].children(named: "testcase")[1].children.first)
        #expect(failure.name == "failure")
        #expect(failure[attribute: "type"] == "UnexpectedPass")
        #expect(failure.text.isEmpty)
    }

    @Test func systemOutHoldsEveryTranscriptUnderAHeader() throws {
        let out = try #require(suites[0].children(named: "system-out").first)
        #expect(
            out.text == """
                === upload/pause-resume/pausing-works: passed
                put a.txt
                event: success
                === upload/pause-resume/resuming-delivers: failed
                put b.txt
                event: paused
                === upload/pause-resume/server-down: errored
                === upload/pause-resume/live-only: skipped
                === upload/pause-resume/known-gap: expected failure
                list

                """)
        #expect(suites[0].children(named: "system-err").first?.text == "")
    }

    /// A run of nothing is one suite with zero tests that says why.
    @Test func emptyRunIsOneSuiteWithZeroTestsAndTheReason() throws {
        var report = ReportFixtures.emptyRun
        report.emptyReason = "no scenario was selected: no scenario id matches --filter nothing"
        let empty = try MiniXML.parse(JUnitReport.render(report))
        #expect(empty.name == "testsuites")
        #expect(empty.attributes.isEmpty)
        let suite = try #require(empty.children.first)
        #expect(empty.children.count == 1)
        #expect(suite[attribute: "tests"] == "0")
        #expect(suite.children(named: "testcase").isEmpty)
        let properties = try #require(suite.children(named: "properties").first)
        #expect(
            properties.children.contains {
                $0[attribute: "name"] == "reason" && $0[attribute: "value"] == report.emptyReason
            })
        #expect(suite.children(named: "system-out").first?.text == report.emptyReason! + "\n")
    }

    @Test func emptyHostnameBecomesLocalhost() throws {
        var report = ReportFixtures.mixed
        report.hostname = ""
        let parsed = try MiniXML.parse(JUnitReport.render(report))
        #expect(parsed.children.allSatisfy { $0[attribute: "hostname"] == "localhost" })
    }

    @Test(arguments: [
        (-14_182_940.0, "1969-07-20T20:17:40"),
        (0, "1970-01-01T00:00:00"),
        (951_782_400, "2000-02-29T00:00:00"),
        (4_102_444_799.999, "2099-12-31T23:59:59"),
        (Double.nan, "1970-01-01T00:00:00"),
        (1e15, "1970-01-01T00:00:00"),
        (-1e15, "1970-01-01T00:00:00"),
    ])
    func timestampIsUTCWithoutZoneOrFraction(secondsSince1970: Double, expected: String) throws {
        var report = ReportFixtures.mixed
        report.startedAt = Date(timeIntervalSince1970: secondsSince1970)
        let parsed = try MiniXML.parse(JUnitReport.render(report))
        #expect(parsed.children.first?[attribute: "timestamp"] == expected)
    }

    @Test func unusableDurationsBecomeZero() throws {
        var report = ReportFixtures.mixed
        for (index, duration) in [Double.nan, -.infinity, .infinity, -3, 0.0004].enumerated() {
            report.files[0].scenarios[index].duration = duration
        }
        let suite = try #require(try MiniXML.parse(JUnitReport.render(report)).children.first)
        #expect(
            suite.children(named: "testcase").map { $0[attribute: "time"] ?? "" }
                == ["0.000", "0.000", "0.000", "0.000", "0.000"])
        #expect(suite[attribute: "time"] == "0.000")
    }

    @Test func renderDataIsTheUTF8OfRender() {
        #expect(JUnitReport.renderData(ReportFixtures.mixed) == Data(JUnitReport.render(ReportFixtures.mixed).utf8))
    }
}
