/// An `allow` a request met that did not grant, kept as it was met: it is put into words only when the request
/// ends denied (`DenialExplainer`), so a request that another `allow` grants pays nothing for it.
struct Refusal {
    var allow: CompiledAllow
    /// The path variables as the `match` statements around the `allow` bound them.
    var captures: [Value?]
    /// The error that denied it; nil when its condition was false.
    var error: EvaluationError?
}
