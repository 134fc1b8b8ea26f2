import Foundation

/// `driver`: the project's own client behind the driver protocol, on standard input and output.
struct DriverCommand: ToolCommand {
    static let spec = CommandTable.driver
    let tool: CommandLineTool

    func run(_ options: ArgumentList) throws(ArgumentList.Problem) -> Int32 {
        if let extra = options.positionals.first {
            throw ArgumentList.Problem(description: "unexpected argument \(extra) (driver takes no arguments)")
        }
        let side = OwnDriver.FaultSide(rawValue: options[DriverOptions.faults]) ?? .client
        OwnDriver(output: FileHandle.standardOutput, faults: side).run(input: FileHandle.standardInput)
        return 0
    }
}
