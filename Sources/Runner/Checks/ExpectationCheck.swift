import Drivers
import Foundation
import Primitives
import Reports
import ScenarioLanguage
import StorageSDK

/// Compares what a step produced with its `expect:`; throws the first difference.
enum ExpectationCheck {
    /// An operation's result against the step's error expectation: returns the value when the step
    /// succeeded as it should, nil when it failed as it should.
    static func outcome<Value>(_ result: Result<Value, StorageError>, _ expectation: Expectation?, values: RunValues)
        throws(StepFailure) -> Value?
    {
        switch result {
        case .success(let value):
            if let expected = expectation?.error {
                throw .mismatch(
                    .missingError, "the step succeeded, but an error was expected", expected: describe(expected),
                    actual: "success")
            }
            return value
        case .failure(let error):
            try unreachable(error)
            guard let expected = expectation?.error else {
                throw .mismatch(
                    .unexpectedError, "the step failed", expected: "success", actual: describe(error),
                    fingerprint: FailureFingerprint(error: error))
            }
            try self.error(error, matches: expected, values: values)
            return nil
        }
    }

    /// A transport failure or a malformed answer is an error of the run, whatever the scenario expects, unless
    /// the scenario's own fault caused it.
    static func unreachable(_ error: StorageError) throws(StepFailure) {
        if let failure = unreachableFailure(error) { throw failure }
    }

    static func unreachableFailure(_ error: StorageError?) -> StepFailure? {
        guard let cause = error?.cause, !cause.injected else { return nil }
        return .error(cause.kind == .transport ? .transportError : .malformedResponse, cause.description)
    }

    static func error(_ error: StorageError, matches expected: ErrorExpectation, values: RunValues) throws(StepFailure)
    {
        guard error.code == expected.code else {
            throw .mismatch(
                .wrongError, "the step failed with another error", expected: describe(expected),
                actual: describe(error),
                fingerprint: FailureFingerprint(error: error))
        }
        let storageError = error
        do throws(StepFailure) {
            try text(storageError.message, matches: expected.message, what: "message", values: values)
            if expected.body != nil {
                try text(storageError.responseBody ?? "", matches: expected.body, what: "body", values: values)
            }
        } catch {
            var failure = error
            failure.fingerprint.error = storageError.code.name
            failure.fingerprint.status = storageError.serverStatus
            throw failure
        }
    }

    /// The error's message, or the body of the answer behind it, against what the scenario expects.
    private static func text(
        _ actual: String, matches expected: ErrorExpectation.MessageMatch?, what: String, values: RunValues
    ) throws(StepFailure) {
        switch expected {
        case nil:
            break
        case .substring(let template):
            let text = try values.render(template)
            guard actual.contains(text) else {
                throw .mismatch(
                    .wrongErrorMessage, "the error \(what) differs", expected: "a \(what) containing \"\(text)\"",
                    actual: actual, fingerprint: FailureFingerprint(fields: [what]))
            }
        case .regex(let pattern):
            try matches(actual, pattern: pattern, what: "error \(what)")
        }
    }

    static func matches(_ text: String, pattern: String, what: String) throws(StepFailure) {
        guard let regex = try? NSRegularExpression(pattern: pattern) else {
            throw .error(.badPattern, "the regular expression /\(pattern)/ is invalid")
        }
        guard regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else {
            throw .mismatch(
                .noMatch, "the \(what) does not match", expected: "/\(pattern)/", actual: text,
                fingerprint: FailureFingerprint(field: what))
        }
    }

    static func reference(_ reference: ClientReference?, _ expectation: Expectation?, values: RunValues)
        throws(StepFailure)
    {
        guard let expectation else { return }
        guard let reference else {
            if expectation.isNil { return }
            throw .mismatch(.nilReference, "the step produced nil", expected: "a reference", actual: "nil")
        }
        if expectation.isNil {
            throw .mismatch(.notNil, "the step produced a reference", expected: "nil", actual: reference.description)
        }
        let fields: [(String, Template?, String)] = [
            ("fullPath", expectation.fullPath, reference.fullPath), ("name", expectation.name, reference.name),
            ("bucket", expectation.bucket, reference.bucket),
            ("description", expectation.description, reference.description),
        ]
        for (field, template, actual) in fields {
            guard let template else { continue }
            let wanted = try values.render(template)
            guard wanted.utf8.elementsEqual(actual.utf8) else {
                throw .mismatch(
                    .referenceMismatch, "\(field) differs", expected: quoted(wanted), actual: quoted(actual),
                    fingerprint: FailureFingerprint(fields: [field]))
            }
        }
        if let other = expectation.equals {
            let otherReference = try values.value(other, "a reference") {
                if case .reference(let r) = $0 { r } else { nil }
            }
            guard otherReference == reference else {
                throw .mismatch(
                    .referenceMismatch, "the reference is not equal to $\(other)", expected: otherReference.description,
                    actual: reference.description, fingerprint: FailureFingerprint(fields: ["equals"]))
            }
        }
    }

    static func page(_ page: ClientPage, _ expectation: Expectation?, values: RunValues) throws(StepFailure) {
        guard let expectation else { return }
        let lists: [(String, [Template]?, [ClientReference])] = [
            ("prefixes", expectation.prefixes, page.prefixes), ("items", expectation.items, page.items),
        ]
        for (field, templates, references) in lists {
            guard let templates else { continue }
            var wanted: [String] = []
            for template in templates { wanted.append(try values.render(template)) }
            let actual = references.map(\.fullPath)
            guard wanted.count == actual.count, zip(wanted, actual).allSatisfy({ $0.utf8.elementsEqual($1.utf8) })
            else {
                throw .mismatch(
                    .listMismatch, "\(field) differ", expected: listText(wanted), actual: listText(actual),
                    fingerprint: FailureFingerprint(fields: [field]))
            }
        }
        switch expectation.pageToken {
        case nil: break
        case .present:
            if page.pageToken == nil {
                throw .mismatch(
                    .listMismatch, "no page token", expected: "a page token", actual: "none",
                    fingerprint: FailureFingerprint(fields: ["pageToken"]))
            }
        case .absent:
            if let token = page.pageToken {
                throw .mismatch(
                    .listMismatch, "a page token was returned", expected: "none", actual: token,
                    fingerprint: FailureFingerprint(fields: ["pageToken"]))
            }
        case .equals(let template):
            let wanted = try values.render(template)
            guard page.pageToken == wanted else {
                throw .mismatch(
                    .listMismatch, "the page token differs", expected: wanted, actual: page.pageToken ?? "none",
                    fingerprint: FailureFingerprint(fields: ["pageToken"]))
            }
        }
    }

    /// A partial match: every key named must match; `null` means absent.
    static func metadata(_ metadata: StorageMetadata, _ expected: [String: ExpectedValue], values: RunValues)
        throws(StepFailure)
    {
        for key in expected.keys.sorted() {
            guard let wanted = expected[key] else { continue }
            if key == "customMetadata" {
                try customMetadata(metadata.customMetadata ?? [:], wanted, values: values)
                continue
            }
            guard MetadataView.keys.contains(key) else { throw .error(.unknownField, "metadata has no key \(key)") }
            try compare(
                "metadata.\(key)", actual: metadata.property(key), wanted: wanted, values: values)
        }
    }

    /// `{activity: "Hiking", location: "Yosemite"}`: custom metadata as a reader writes it, keys sorted.
    static func mapping(_ pairs: [String: String]) -> String {
        "{" + pairs.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.debugDescription)" }.joined(separator: ", ")
            + "}"
    }

    private static func customMetadata(_ actual: [String: String], _ wanted: ExpectedValue, values: RunValues)
        throws(StepFailure)
    {
        switch wanted {
        case .null:
            if !actual.isEmpty {
                throw .mismatch(
                    .metadataMismatch, "customMetadata is not empty", expected: "none",
                    actual: Self.mapping(actual), fingerprint: FailureFingerprint(fields: ["customMetadata"]))
            }
        case .map(let pairs):
            for entry in pairs {
                try compare(
                    "metadata.customMetadata.\(entry.key)", actual: actual[entry.key], wanted: entry.value,
                    values: values)
            }
        default:
            throw .error(.badExpectation, "customMetadata must be a mapping or null")
        }
    }

    private static func compare(_ what: String, actual: String?, wanted: ExpectedValue, values: RunValues)
        throws(StepFailure)
    {
        let wantedText: String?
        switch wanted {
        case .present:
            guard actual != nil else {
                throw .mismatch(
                    .metadataMismatch, "\(what) is absent", expected: "present", actual: "absent",
                    fingerprint: FailureFingerprint(field: what))
            }
            return
        case .regex(let pattern):
            guard let actual else {
                throw .mismatch(
                    .metadataMismatch, "\(what) is absent", expected: "/\(pattern)/", actual: "absent",
                    fingerprint: FailureFingerprint(field: what))
            }
            try matches(actual, pattern: pattern, what: what)
            return
        case .not(let inner):
            do throws(StepFailure) {
                try compare(what, actual: actual, wanted: inner, values: values)
            } catch  where error.kind.category == .failure {
                return
            }
            throw .mismatch(
                .metadataMismatch, "\(what) should differ", expected: "not " + describe(inner, values: values),
                actual: actual.map(quoted) ?? "absent", fingerprint: FailureFingerprint(field: what))
        case .null: wantedText = nil
        case .bool(let flag): wantedText = flag ? "true" : "false"
        case .int(let number): wantedText = String(number)
        case .float(let number):
            wantedText = number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let template): wantedText = try values.render(template)
        case .list, .map: throw .error(.badExpectation, "\(what) must be a scalar")
        }
        guard wantedText == actual else {
            throw .mismatch(
                .metadataMismatch, "\(what) differs", expected: wantedText.map(quoted) ?? "absent",
                actual: actual.map(quoted) ?? "absent", fingerprint: FailureFingerprint(field: what))
        }
    }

    /// An expected value as a failure message shows it.
    private static func describe(_ value: ExpectedValue, values: RunValues) -> String {
        switch value {
        case .null: "absent"
        case .present: "present"
        case .regex(let pattern): "/\(pattern)/"
        case .not(let inner): "not " + describe(inner, values: values)
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .float(let number): String(number)
        case .string(let template): (try? values.render(template)).map(quoted) ?? template.description
        case .list, .map: "a collection"
        }
    }

    /// A finished task against the step's expectation; without one it must have succeeded.
    static func transfer(_ record: TaskRecord, _ expectation: Expectation?, values: RunValues) throws(StepFailure) {
        let snapshot = record.task.current
        if let error = snapshot.error { try unreachable(error) }
        if let breach = record.invariantBreach() {
            throw .mismatch(
                .taskInvariant, "task \(record.name): \(breach)", actual: record.eventList,
                fingerprint: FailureFingerprint(error: snapshot.error))
        }
        if let pattern = expectation?.events, !pattern.matches(record.events.map(\.patternEvent)) {
            throw .mismatch(
                .eventMismatch, "task \(record.name) delivered other events", expected: pattern.description,
                actual: record.eventList,
                fingerprint: FailureFingerprint(
                    error: snapshot.error, event: .init(pattern, record.events.map(\.patternEvent))))
        }
        if let expected = expectation?.error {
            guard let error = snapshot.error, snapshot.status == .failure else {
                throw .mismatch(
                    .missingError, "task \(record.name) did not fail", expected: describe(expected),
                    actual: record.eventList, fingerprint: FailureFingerprint(error: snapshot.error))
            }
            try self.error(error, matches: expected, values: values)
        } else if expectation?.events == nil, snapshot.status != .success {
            throw .mismatch(
                .unexpectedError, "task \(record.name) did not succeed", expected: "success",
                actual: snapshot.error.map(describe) ?? record.eventList,
                fingerprint: FailureFingerprint(error: snapshot.error))
        }
        guard let expectation else { return }
        if let progress = expectation.progress {
            let actual = snapshot.progress
            if let completed = progress.completed, completed != actual.completedUnitCount {
                throw .mismatch(
                    .progressMismatch, "completed bytes differ", expected: "\(completed)",
                    actual: "\(actual.completedUnitCount)", fingerprint: FailureFingerprint(fields: ["completed"]))
            }
            if let total = progress.total, total != actual.totalUnitCount {
                throw .mismatch(
                    .progressMismatch, "total bytes differ", expected: "\(total)", actual: "\(actual.totalUnitCount)",
                    fingerprint: FailureFingerprint(fields: ["total"]))
            }
        }
        if let expectedMetadata = expectation.metadata {
            guard case .uploaded(let final)? = record.task.product else {
                throw .mismatch(
                    .metadataMismatch, "task \(record.name) has no final metadata", actual: record.eventList,
                    fingerprint: FailureFingerprint(fields: ["metadata"]))
            }
            try metadata(final, expectedMetadata, values: values)
        }
        if expectation.data != nil || expectation.size != nil || expectation.sha256 != nil {
            try downloaded(record, expectation)
        }
        for expected in expectation.observers ?? [] {
            let observer = try values.value(expected.handle, "an observer") {
                if case .observer(let o) = $0 { o } else { nil }
            }
            let received = observer.events
            guard expected.pattern.matches(received.map(\.patternEvent)) else {
                throw .mismatch(
                    .observerMismatch, "observer \(expected.handle) received other events",
                    expected: expected.pattern.description,
                    actual: received.isEmpty ? "(no events)" : received.map(\.description).joined(separator: " "),
                    fingerprint: FailureFingerprint(
                        event: .init(expected.pattern, received.map(\.patternEvent)), fields: [expected.handle]))
            }
        }
    }

    static func describe(_ error: StorageError) -> String {
        "\(error.code.name) (\(error.code.rawValue)): \(error.message)"
    }

    static func describe(_ expected: ErrorExpectation) -> String {
        var text = "\(expected.code.name) (\(expected.code.rawValue))"
        switch expected.message {
        case .substring(let template)?: text += " with a message containing \"\(template)\""
        case .regex(let pattern)?: text += " with a message matching /\(pattern)/"
        case nil: break
        }
        return text
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }

    private static func listText(_ names: [String]) -> String { "[" + names.joined(separator: ", ") + "]" }
}
