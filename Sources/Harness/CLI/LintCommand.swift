/// `lint`: reads scenario files without running them and reports every problem.
struct LintCommand {
    let tool: CommandLineTool

    func run(_ arguments: [String]) -> Int32 {
        let options: ArgumentList
        do throws(ArgumentList.Problem) {
            options = try ArgumentList(arguments, options: ["--root"], flags: ["--help", "-h"])
        } catch {
            return tool.usage(error.description, command: "lint")
        }
        if options.has("--help") || options.has("-h") {
            tool.say(HelpText.lint)
            return 0
        }
        let loaded = ScenarioLoading.load(options, tool: tool)
        let errors = loaded.diagnostics.filter { $0.severity == .error }.count
        let warnings = loaded.diagnostics.count - errors
        let scenarios = loaded.files.reduce(0) { $0 + $1.scenarios.count }
        tool.say("\(loaded.files.count) files, \(scenarios) scenarios: \(errors) errors, \(warnings) warnings")
        return errors == 0 ? 0 : 1
    }
}
