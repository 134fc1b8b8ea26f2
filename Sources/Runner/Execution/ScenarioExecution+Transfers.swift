import Drivers
import Foundation
import ScenarioLanguage
import StorageSDK

/// put, getData, write, pause, resume, cancel, await and the observer steps.
extension ScenarioExecution {
    enum DownloadDestination {
        case memory(Int64)
        case file(Template)
    }

    func performPut(
        _ operand: ReferenceOperand, source: UploadSource, metadata: MetadataValues?, chunkSize: Int64?, _ step: Step
    ) throws(StepFailure) {
        let reference = try reference(operand)
        let uploadMetadata = try metadata.map { values throws(StepFailure) in try storageMetadata(values) }
        let upload: ClientUpload
        let size: Int64?
        switch source {
        case .data(let dataSource):
            let data = DataGenerator.data(for: dataSource)
            size = Int64(data.count)
            upload = .data(data)
        case .file(let template):
            let url = URL(
                fileURLWithPath: try values.render(template),
                relativeTo: URL(fileURLWithPath: file.path).deletingLastPathComponent())
            size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
            upload = .file(url.absoluteURL)
        }
        let task = try client.put(reference, source: upload, metadata: uploadMetadata, chunkSize: chunkSize)
        try started(task, isUpload: true, uploadSize: size, step)
    }

    func performDownload(_ operand: ReferenceOperand, destination: DownloadDestination, _ step: Step)
        throws(StepFailure)
    {
        let reference = try reference(operand)
        let task: any ClientTask
        switch destination {
        case .memory(let maxSize):
            task = try client.getData(reference, maxSize: maxSize)
        case .file(let template):
            task = try client.write(reference, toFile: scratch.appendingPathComponent(try values.render(template)))
        }
        try started(task, isUpload: false, uploadSize: nil, step)
    }

    /// Records a new task; with `as:` and no `expect:` the scenario goes on at once, otherwise it waits.
    private func started(_ task: any ClientTask, isUpload: Bool, uploadSize: Int64?, _ step: Step)
        throws(StepFailure)
    {
        let record = TaskRecord(
            name: step.name ?? "\(step.verb)@\(step.location.line)", task: task, isUpload: isUpload,
            uploadSize: uploadSize, transcript: transcript)
        tasks.append(record)
        if let name = step.name { values[name] = .task(record) }
        if step.name == nil || step.expectation != nil { try finish(record, step) }
    }

    func performAwait(_ name: String, _ step: Step) throws(StepFailure) {
        try finish(try values.task(name), step)
    }

    /// pause, resume or cancel: now, or inside the event that meets the step's trigger.
    func performControl(_ name: String, _ step: Step, _ action: @escaping @Sendable (any ClientTask) -> Void)
        throws(StepFailure)
    {
        let record = try values.task(name)
        guard let trigger = step.trigger else {
            action(record.task)
            return
        }
        let state = TriggerState()
        switch record.triggers.decide(trigger, delivered: record.events, retries: record.retries) {
        case .alreadyPassed(let passed):
            throw .mismatch(
                .triggerPassed, "task \(name) had already reached the trigger (\(passed)) before this step",
                expected: "\(trigger)", actual: record.eventList)
        case .actNow:
            action(record.task)
            return
        case .wait:
            break
        }
        let task = record.task
        let transcript = transcript
        let verb = step.verb
        if case .retry(let number) = trigger {
            task.tapRetries { wait in
                guard wait.retry >= number, state.fireOnce() else { return }
                action(task)
            }
        }
        task.tap { snapshot in
            let event = TaskRecord.Event(snapshot)
            guard TriggerRule.meets(trigger, event), state.fireOnce() else { return }
            // The record's own tap ran first, so the triggering event is its last one.
            record.triggers.consumed(trigger, delivered: record.events.count)
            if verb != "resume", event.status == .progress, event.total > 0, event.completed == event.total {
                transcript.add(
                    "    note: \(verb) acted in task \(name)'s last progress event, when the task was already finishing, "
                        + "so it has no effect")
            }
            action(task)
        }
        try runWork(until: { state.hasFired || task.isFinished }) {
            ExpectationCheck.unreachableFailure(task.current.error)
                ?? .mismatch(
                    .triggerNotMet, "the trigger was never met: task \(name) stopped without it",
                    expected: "\(trigger)", actual: record.eventList)
        }
        guard state.hasFired else {
            // A task that ended because the target could not be reached is an error of the run, not a trigger
            // the target failed to meet.
            if let failure = ExpectationCheck.unreachableFailure(task.current.error) { throw failure }
            throw .mismatch(
                .triggerNotMet, "the trigger was never met: task \(name) ended first", expected: "\(trigger)",
                actual: record.eventList)
        }
    }

    func performObserve(_ name: String, status: StorageTaskStatus, _ step: Step) throws(StepFailure) {
        let record = try values.task(name)
        let observer = ObserverRecord(task: record, status: status)
        if let handle = step.name { values[handle] = .observer(observer) }
    }

    func performRemoveObserver(_ name: String, handle: String) throws(StepFailure) {
        let record = try values.task(name)
        let observer = try values.value(handle, "an observer") { if case .observer(let o) = $0 { o } else { nil } }
        record.task.removeObserver(observer.handle)
    }

    func performRemoveAllObservers(_ name: String, status: StorageTaskStatus?) throws(StepFailure) {
        let record = try values.task(name)
        record.task.removeAllObservers(for: status)
    }

    /// Upload metadata from a scenario's `metadata:`.
    func storageMetadata(_ values: MetadataValues) throws(StepFailure) -> StorageMetadata {
        var metadata = StorageMetadata()
        for (field, template) in values.fields {
            metadata[field] = try template.map { t throws(StepFailure) in try self.values.render(t) }
        }
        var custom: [String: String] = [:]
        for (key, template) in values.customMetadata {
            if let template { custom[key] = try self.values.render(template) }
        }
        if !custom.isEmpty { metadata.customMetadata = custom }
        return metadata
    }
}
