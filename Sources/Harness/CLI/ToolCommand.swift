/// A command of the tool: its declared spec and what it does with the arguments read against it.
protocol ToolCommand: Sendable {
    static var spec: CommandSpec { get }
    init(tool: CommandLineTool)
    /// The exit code; a problem with the options' values is thrown and reported as a usage error.
    func run(_ options: ArgumentList) throws(ArgumentList.Problem) -> Int32
}
