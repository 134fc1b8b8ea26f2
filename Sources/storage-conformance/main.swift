import Foundation
import Harness

exit(CommandLineTool().run(Array(CommandLine.arguments.dropFirst())))
