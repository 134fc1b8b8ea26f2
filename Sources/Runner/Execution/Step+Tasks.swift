import ScenarioLanguage

extension Step {
    /// Whether this step names the task `name` (await, pause, resume, cancel, observers).
    func uses(task name: String) -> Bool {
        switch action {
        case .pause(let task), .resume(let task), .cancel(let task), .await(let task), .observe(let task, _),
            .removeObserver(let task, _), .removeAllObservers(let task, _):
            task == name
        default:
            false
        }
    }
}
