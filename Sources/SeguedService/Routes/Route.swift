import HTTPServer

/// The resources of spec/api.md, one case per path template.
enum Endpoint: CaseIterable, Hashable, Sendable {
    case health, readiness, metrics, openAPI
    case storyboards, storyboard
    case sessions, session, stack, segues, unwind, actions, events, eventStream, snapshot, batch, flow, move
    case webApp

    /// The path template: the metrics label, as openapi.yaml writes the path.
    var template: String {
        switch self {
        case .health: "/healthz"
        case .readiness: "/readyz"
        case .metrics: "/metrics"
        case .openAPI: "/openapi.yaml"
        case .storyboards: "/v1/storyboards"
        case .storyboard: "/v1/storyboards/{id}"
        case .sessions: "/v1/sessions"
        case .session: "/v1/sessions/{id}"
        case .stack: "/v1/sessions/{id}/stack"
        case .segues: "/v1/sessions/{id}/segues"
        case .unwind: "/v1/sessions/{id}/unwind"
        case .actions: "/v1/sessions/{id}/actions"
        case .events: "/v1/sessions/{id}/events"
        case .eventStream: "/v1/sessions/{id}/events/stream"
        case .snapshot: "/v1/sessions/{id}/snapshot"
        case .batch: "/v1/sessions/{id}/batch"
        case .flow: "/v1/sessions/{id}/flow"
        case .move: "/v1/sessions/{id}/move"
        case .webApp: "/ui/{path}"
        }
    }

    /// The methods with a handler (``SeguedService/run(_:_:)`` dispatches exactly these).
    var methods: [String] {
        switch self {
        case .health, .readiness, .metrics, .openAPI, .stack, .events, .eventStream, .webApp, .snapshot, .flow: ["GET"]
        case .storyboards, .sessions, .segues: ["GET", "POST"]
        case .storyboard: ["DELETE", "GET"]
        case .session: ["DELETE", "GET", "PUT"]
        case .move: ["DELETE", "POST"]
        case .unwind, .actions, .batch: ["POST"]
        }
    }

    /// What `Allow` lists: the handled methods, HEAD with GET, and OPTIONS.
    var allowed: [String] {
        (methods + (methods.contains("GET") ? ["HEAD", "OPTIONS"] : ["OPTIONS"])).sorted()
    }
}

/// A matched route: the endpoint and the `{id}` in its path, if it has one (for the web app, the
/// asset's path under `/ui/`, or ``webAppPage``).
struct Route {
    var endpoint: Endpoint
    var id: String = ""

    var template: String { endpoint.template }
}
