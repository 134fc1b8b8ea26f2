import Drivers
import Foundation
import ScenarioLanguage
import StorageAPI
import StorageSDK

/// ref, downloadURL, list, listAll, getMetadata, updateMetadata and delete.
extension ScenarioExecution {
    func performRef(_ spec: ReferenceSpec, _ step: Step) throws(StepFailure) {
        let result: Result<ClientReference?, StorageError>
        switch spec {
        case .path(let template):
            result = .success(try client.reference(path: try values.render(template)))
        case .url(let template):
            result = try client.reference(url: try values.render(template)).map { $0 }
        case .chain(let from, let links):
            var current: ClientReference?
            if let from {
                current = try values.value(from, "a reference") { if case .reference(let r) = $0 { r } else { nil } }
            } else {
                current = try client.root()
            }
            for link in links {
                guard let reference = current else {
                    throw .mismatch(.nilReference, "the chain reached nil before `\(link)`", actual: "nil")
                }
                switch link {
                case .parent: current = try client.follow(.parent, from: reference)
                case .root: current = try client.follow(.root, from: reference)
                case .child(let template):
                    current = try client.follow(.child(try values.render(template)), from: reference)
                }
            }
            result = .success(current)
        }
        guard let reference = try ExpectationCheck.outcome(result, step.expectation, values: values) else { return }
        transcript.add("    → \(reference.map { "\($0.description) (fullPath \"\($0.fullPath)\")" } ?? "nil")")
        try ExpectationCheck.reference(reference, step.expectation, values: values)
        if let name = step.name, let reference { values[name] = .reference(reference) }
    }

    func performDownloadURL(_ operand: ReferenceOperand, _ step: Step) throws(StepFailure) {
        let reference = try reference(operand)
        guard
            let url = try ExpectationCheck.outcome(try client.downloadURL(reference), step.expectation, values: values)
        else { return }
        transcript.add("    → \(url.absoluteString)")
        if let pattern = step.expectation?.matches {
            try ExpectationCheck.matches(url.absoluteString, pattern: try values.render(pattern), what: "download URL")
        }
        if let name = step.name { values[name] = .string(url.absoluteString) }
    }

    func performList(_ operand: ReferenceOperand, maxResults: Int64?, pageToken: Template?, _ step: Step)
        throws(StepFailure)
    {
        let reference = try reference(operand)
        let token = try pageToken.map { t throws(StepFailure) in try values.render(t) }
        try listed(try client.list(reference, maxResults: maxResults ?? 1000, pageToken: token), step)
    }

    func performListAll(_ operand: ReferenceOperand, _ step: Step) throws(StepFailure) {
        let reference = try reference(operand)
        try listed(try client.listAll(reference), step)
    }

    private func listed(_ result: Result<ClientPage, StorageError>, _ step: Step) throws(StepFailure) {
        guard let page = try ExpectationCheck.outcome(result, step.expectation, values: values) else { return }
        transcript.add(
            "    → prefixes [\(page.prefixes.map(\.fullPath).joined(separator: ", "))] items [\(page.items.map(\.fullPath).joined(separator: ", "))]"
                + " pageToken \(page.pageToken == nil ? "absent" : "present")")
        try ExpectationCheck.page(page, step.expectation, values: values)
        if let name = step.name { values[name] = .page(page) }
    }

    func performGetMetadata(_ operand: ReferenceOperand, _ step: Step) throws(StepFailure) {
        let reference = try reference(operand)
        try gotMetadata(try client.getMetadata(reference), step)
    }

    func performUpdateMetadata(_ operand: ReferenceOperand, _ changes: MetadataValues, _ step: Step) throws(StepFailure)
    {
        let reference = try reference(operand)
        var patch = MetadataPatch(removesAllCustomMetadata: changes.removesAllCustomMetadata)
        for (field, template) in changes.fields {
            patch.fields[field] = .some(try template.map { t throws(StepFailure) in try values.render(t) })
        }
        for (key, template) in changes.customMetadata {
            patch.customMetadata[key] = .some(try template.map { t throws(StepFailure) in try values.render(t) })
        }
        try gotMetadata(try client.updateMetadata(reference, patch), step)
    }

    private func gotMetadata(_ result: Result<StorageMetadata, StorageError>, _ step: Step) throws(StepFailure) {
        guard let metadata = try ExpectationCheck.outcome(result, step.expectation, values: values) else { return }
        transcript.add(
            "    → generation \(metadata.generation), metageneration \(metadata.metageneration), size \(metadata.size)")
        if let expected = step.expectation?.metadata {
            try ExpectationCheck.metadata(metadata, expected, values: values)
        }
        if let name = step.name { values[name] = .metadata(metadata) }
    }

    func performDelete(_ operand: ReferenceOperand, _ step: Step) throws(StepFailure) {
        let reference = try reference(operand)
        _ = try ExpectationCheck.outcome(try client.delete(reference), step.expectation, values: values)
    }
}
