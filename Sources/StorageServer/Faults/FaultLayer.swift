import Foundation
import HTTPCore
import StorageAPI
import StorageWire

/// A dialect with faults in front of it: a request under a retry test (`x-retry-test-id`), or on a bucket with a
/// fault plan, meets the next fault its plan has for it, carried out on the wire (docs/semantics.md §11). The
/// dialect says what a request is, shapes the errors, and cuts chunks short and rewrites received sizes. Uploads
/// still stream: a fault cuts the body as it arrives.
struct FaultLayer<Inner: Dialect>: DialectLayer {
    let inner: Inner
    let plans: FaultPlans

    func respond(to request: RoutedRequest<Inner.Route>) -> HTTPResponse {
        let http = request.http
        let namesTest = http.headers.contains(name: "x-retry-test-id")
        guard namesTest || !plans.isEmpty else { return inner.respond(to: request) }
        let subject = inner.faultSubject(of: request)
        guard let scope = scope(of: http, subject: subject) else { return inner.respond(to: request) }
        if case .retryTest(let id) = scope, plans.schedule(scope) == nil {
            return inner.errorResponse(.notFound("No retry test \(id) (x-retry-test-id)."))
        }
        guard let subject, let action = plans.next(scope, for: subject) else { return inner.respond(to: request) }
        return carryOut(action, on: request, subject: subject)
    }

    /// The retry test a request names, else its bucket's plan.
    private func scope(of http: HTTPRequest, subject: FaultSubject?) -> FaultPlans.Scope? {
        if let id = http.headers["x-retry-test-id"]?.trimmingCharacters(in: .whitespaces) {
            return .retryTest(id)
        }
        return subject?.bucket.map(FaultPlans.Scope.bucket)
    }

    private func carryOut(_ action: RequestFault.Action, on request: RoutedRequest<Inner.Route>, subject: FaultSubject)
        -> HTTPResponse
    {
        let http = request.http
        let what = "Injected into the \(subject.kind?.rawValue ?? subject.operation ?? "") request."
        switch action {
        case .status(let status, let retryAfter, let body):
            http.bodyStream?.discardRest()
            var response = inner.errorResponse(BackendError(status: status, what))
            if let retryAfter { response.headers["Retry-After"] = Self.seconds(retryAfter) }
            if let body { response.body = Data(body.utf8) }
            return response
        case .statusAfterRequestBytes(let status, let count):
            respondToPrefix(of: request, count)
            return inner.errorResponse(BackendError(status: status, what))
        case .reset:
            return .connectionReset
        case .answerLost:
            _ = inner.respond(to: request)
            return .connectionReset
        case .misreport(let size):
            return inner.misreport(inner.respond(to: request), receivedBytes: size)
        case .corrupt:
            let response = inner.respond(to: request)
            var body = FaultedBody(of: response)
            body.flipsFirstByte = true
            return body.deliver(response)
        case .dropRequest(let count):
            respondToPrefix(of: request, count)
            return .connectionReset
        case .dropResponse(let count):
            let response = inner.respond(to: request)
            var body = FaultedBody(of: response)
            body.cutAfter = count ?? body.length / 2
            return body.deliver(response)
        case .stall(let seconds, let after):
            let response = inner.respond(to: request)
            var body = FaultedBody(of: response)
            body.stall = (after, seconds)
            return body.deliver(response)
        }
    }

    /// Hands the first `count` bytes of the request's chunk to the dialect as if they were all of it (as they
    /// arrive, when the body streams), then drops the rest, so the connection can carry the next request.
    private func respondToPrefix(of request: RoutedRequest<Inner.Route>, _ count: Int64) {
        let http = request.http
        guard let cut = inner.truncated(http, to: count) else {
            http.bodyStream?.discardRest()
            return
        }
        guard let stream = http.bodyStream else {
            _ = inner.respond(to: request.with(cut))
            return
        }
        stream.withPrefix(Int(clamping: count)) { prefix in
            var partial = cut
            partial.bodyStream = prefix
            _ = inner.respond(to: request.with(partial))
        }
        stream.discardRest()
    }

    /// `Retry-After` in whole seconds when it is whole.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? String(Int64(value)) : String(value)
    }
}
