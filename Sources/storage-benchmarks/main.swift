import Foundation

/// `swift run -c release storage-benchmarks <model|lint|suite|rules> …`: prints figures, asserts nothing.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "model":
    ModelBenchmark.run()
case "lint":
    guard arguments.count >= 2 else {
        print("usage: storage-benchmarks lint FILE [ITERATIONS]")
        exit(2)
    }
    LintBenchmark.run(path: arguments[1], iterations: arguments.count > 2 ? Int(arguments[2]) ?? 10 : 10)
case "suite":
    SuiteBenchmark.run(
        path: arguments.count > 1 ? arguments[1] : "Scenarios",
        iterations: arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5)
case "rules":
    RulesBenchmark.run(
        loads: arguments.count > 1 ? Int(arguments[1]) ?? 20 : 20,
        decisions: arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000)
default:
    print(
        """
        usage: storage-benchmarks model             in-process uploads/downloads 1 KiB-1 GiB, listing 100,000 objects
               storage-benchmarks lint FILE [N]     reading and checking one scenario file, best of N
               storage-benchmarks suite [PATH] [N]  the bundled suite in process, best of N
               storage-benchmarks rules [N] [M]     loading a 1,000-line rules file (best of N), M GET decisions
        """)
    exit(arguments.isEmpty ? 0 : 2)
}
