/// The options of `driver`, each declared once with its type, default and help.
enum DriverOptions {
    static let faults = Option.choice(
        "--faults", ["client", "server"],
        "Who carries out a scenario's faults: this client in its requests (the default),\nor the target: the driver "
            + "then says it cannot, and the runner arms them on serve."
    ).defaulting(to: "client")

    static var all: [OptionSpec] { [faults.spec] }
}
