/// The one line a handler's outcome is logged as.
extension DiagnosticRenderer {
    static func line<Route: Sendable>(
        for outcome: LinkOutcome<Route>, redacted: Bool, name: (Route) -> String
    ) -> String {
        let link: (String) -> String = { redacted ? Redaction.link($0) : $0 }
        let text: (String) -> String = { redacted ? Redaction.shape($0) : quote($0) }
        switch outcome {
        case .handled(let route):
            return "handled \(name(route))"
        case .redirected(let source, let route, let by):
            let from: String
            switch source {
            case .link(let legacy): from = link(legacy)
            case .route(let original): from = name(original)
            }
            return "redirected \(from) to \(name(route)) by '\(by)'"
        case .stopped(let route, let interceptor, let reason):
            return "stopped \(name(route)) by '\(interceptor)': \(text(reason))"
        case .waiting(let waiting):
            return "waiting until ready: \(link(waiting))"
        case .fallback(let fallback):
            return "sent to the fallback: \(link(fallback))"
        case .failed(let error):
            return "failed: " + (redacted ? error.redactedSummary : error.summary)
        case .handlerFailed(let route, let message):
            return "the handler failed for \(name(route)): \(text(message))"
        case .redirectFailed(let legacy, let redirect, let message):
            return "redirect '\(redirect)' failed for \(link(legacy)): \(text(message))"
        case .cancelled(let cancelled):
            return "cancelled: \(link(cancelled))"
        }
    }
}
