import ScenarioLanguage

/// `schema`: prints the JSON Schema of a scenario document, for editors' YAML language servers.
struct SchemaCommand: ToolCommand {
    static let spec = CommandTable.schema
    let tool: CommandLineTool

    func run(_ options: ArgumentList) throws(ArgumentList.Problem) -> Int32 {
        if let extra = options.positionals.first {
            throw ArgumentList.Problem(description: "unexpected argument \(extra) (schema takes no arguments)")
        }
        tool.output.write(ScenarioSchema.json())
        return 0
    }
}
