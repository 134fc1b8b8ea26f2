import HTTPCore

extension HTTPServerConfiguration {
    /// Port 0 and timeouts short enough that a failing test ends quickly.
    package static var forTests: HTTPServerConfiguration {
        HTTPServerConfiguration(
            port: 0, idleTimeout: .seconds(10), readTimeout: .seconds(5), stopGracePeriod: .seconds(2))
    }

    package func with(_ change: (inout HTTPServerConfiguration) -> Void) -> HTTPServerConfiguration {
        var copy = self
        change(&copy)
        return copy
    }
}
