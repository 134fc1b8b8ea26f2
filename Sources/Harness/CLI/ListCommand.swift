import Runner

/// `list`: prints the id and tags of every selected scenario, and its description indented below.
struct ListCommand: ToolCommand {
    static let spec = CommandTable.list
    let tool: CommandLineTool

    func run(_ options: ArgumentList) throws(ArgumentList.Problem) -> Int32 {
        let selection = SelectionOptions.selection(options)
        let loaded = ScenarioLoading.load(options, tool: tool)
        if loaded.hasErrors { return 2 }
        var lines: [String] = []
        for scenario in loaded.files.flatMap(\.scenarios) where selection.includes(scenario) {
            lines.append(
                scenario.tags.isEmpty ? scenario.id : "\(scenario.id)  [\(scenario.tags.joined(separator: ", "))]")
            if let description = scenario.description { lines.append("    \(description)") }
        }
        guard !lines.isEmpty else {
            tool.complain(EmptySelection.explain(selection, scenarios: loaded.files.flatMap(\.scenarios)))
            return 2
        }
        tool.say(lines.joined(separator: "\n"))
        return 0
    }
}
