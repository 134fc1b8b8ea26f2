import HTTPCore
import ReferenceService

/// A request's plan whose refusal and answer carry, as the access log's note, the rules decisions the request met
/// (`serve --verbose`): one log for the request, so a write decided from its head and then whole says so once.
struct DecisionLoggingPlan: HTTPRequestPlan {
    let inner: any HTTPRequestPlan
    private let decisions = RulesDecisionLog()

    init(inner: any HTTPRequestPlan) {
        self.inner = inner
    }

    var answersOnLoop: Bool { inner.answersOnLoop }

    func refusal(_ head: HTTPRequest) -> HTTPResponse? {
        guard var refusal = RulesDecisionLog.$current.withValue(decisions, operation: { inner.refusal(head) })
        else { return nil }
        refusal.logNote = decisions.note
        return refusal
    }

    func streamsBody(_ head: HTTPRequest) -> Bool { inner.streamsBody(head) }
    func bufferedBodyLimit(_ head: HTTPRequest) -> Int? { inner.bufferedBodyLimit(head) }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        var response = RulesDecisionLog.$current.withValue(decisions) { inner.respond(to: request) }
        response.logNote = decisions.note
        return response
    }
}
