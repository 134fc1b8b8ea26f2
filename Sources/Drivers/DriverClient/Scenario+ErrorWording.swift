import ScenarioLanguage

extension Scenario {
    /// The scenario with no error message asserted, for an SDK that words its errors its own way
    /// (`errors: own`): codes and answer bodies are still checked.
    var withoutErrorMessages: Scenario {
        var scenario = self
        for index in scenario.steps.indices {
            scenario.steps[index].expectation?.error?.message = nil
        }
        return scenario
    }

    /// Whether some step checks an error's message.
    var assertsErrorMessages: Bool {
        steps.contains { $0.expectation?.error?.message != nil }
    }
}
