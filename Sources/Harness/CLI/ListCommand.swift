/// `list`: prints the id and tags of every selected scenario.
struct ListCommand {
    let tool: CommandLineTool

    func run(_ arguments: [String]) -> Int32 {
        let options: ArgumentList
        let selection: ScenarioSelection
        do throws(ArgumentList.Problem) {
            options = try ArgumentList(arguments, options: ["--root", "--tag", "--filter", "--shard"], flags: ["--help", "-h"])
            selection = try ScenarioSelectionOptions.selection(from: options)
        } catch {
            return tool.usage(error.description, command: "list")
        }
        if options.has("--help") || options.has("-h") {
            tool.say(HelpText.list)
            return 0
        }
        let loaded = ScenarioLoading.load(options, tool: tool)
        if loaded.hasErrors { return 2 }
        var lines: [String] = []
        for scenario in loaded.files.flatMap(\.scenarios) where selection.includes(scenario) {
            lines.append(scenario.tags.isEmpty ? scenario.id : "\(scenario.id)  [\(scenario.tags.joined(separator: ", "))]")
        }
        if !lines.isEmpty { tool.say(lines.joined(separator: "\n")) }
        return 0
    }
}
