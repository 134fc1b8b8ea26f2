import Drivers
import Foundation
import Primitives
import Reports
import ScenarioLanguage

extension ExpectationCheck {
    /// A finished download's bytes against `data:`, `size:` and `sha256:`.
    static func downloaded(_ record: TaskRecord, _ expectation: Expectation) throws(StepFailure) {
        guard !record.isUpload else {
            throw .error(.badExpectation, "data, size and sha256 apply to downloads")
        }
        let bytes: Data
        if case .data(let data)? = record.task.product {
            bytes = data
        } else if case .file(let url)? = record.task.product {
            guard let contents = try? Data(contentsOf: url) else {
                throw .error(.fileError, "cannot read the written file \(url.path)")
            }
            bytes = contents
        } else {
            throw .mismatch(.unexpectedError, "task \(record.name) has no downloaded data", actual: record.eventList)
        }
        if let size = expectation.size, size != Int64(bytes.count) {
            throw .mismatch(
                .dataMismatch, "the size differs", expected: "\(size) bytes", actual: "\(bytes.count) bytes",
                fingerprint: FailureFingerprint(fields: ["size"]))
        }
        if let digest = expectation.sha256 {
            let actual = SHA256.hex(of: bytes)
            guard actual == digest.lowercased() else {
                throw .mismatch(
                    .dataMismatch, "the SHA-256 differs", expected: digest, actual: actual,
                    fingerprint: FailureFingerprint(fields: ["sha256"]))
            }
        }
        if let source = expectation.data {
            let wanted = DataGenerator.data(for: source)
            guard wanted == bytes else {
                let offset =
                    zip(wanted, bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(wanted.count, bytes.count)
                throw .mismatch(
                    .dataMismatch, "the bytes differ from offset \(offset)", expected: "\(wanted.count) bytes",
                    actual: "\(bytes.count) bytes", fingerprint: FailureFingerprint(fields: ["data"]))
            }
        }
    }
}
