/// `lint`: reads scenario files without running them and reports every problem.
struct LintCommand: ToolCommand {
    static let spec = CommandTable.lint
    let tool: CommandLineTool

    func run(_ options: ArgumentList) -> Int32 {
        let loaded = ScenarioLoading.load(options, tool: tool, warningsInFull: true)
        let errors = loaded.diagnostics.filter { $0.severity == .error }.count
        let warnings = loaded.diagnostics.count - errors
        let scenarios = loaded.files.reduce(0) { $0 + $1.scenarios.count }
        tool.say(
            "\(Plural.count(loaded.files.count, "file")), \(Plural.count(scenarios, "scenario")): "
                + "\(Plural.count(errors, "error")), \(Plural.count(warnings, "warning"))"
                + (loaded.intended.isEmpty ? "" : " (and \(loaded.intended.count) intended, not shown)"))
        return errors == 0 ? 0 : 1
    }
}
