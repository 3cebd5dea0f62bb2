import Navigation
import Storyboard

/// An uploaded storyboard: the validated graph, its content-addressed id and what lint found.
struct StoredStoryboard: Sendable {
    let id: String
    /// The graph, in the box every session of it shares (``SharedStoryboard``).
    let shared: SharedStoryboard
    /// The normalized graph as JSON: what `GET /v1/storyboards/{id}` returns and what the id hashes.
    let normalized: [UInt8]
    let warnings: [String]
    /// The JSON fragments its sessions' events are written from.
    let eventHeaders: EventHeaders

    var storyboard: Storyboard { shared.storyboard }
    var name: String { storyboard.name }

    init(id: String, storyboard: Storyboard, normalized: [UInt8], warnings: [String], eventHeaders: EventHeaders) {
        self.id = id
        shared = SharedStoryboard(storyboard)
        self.normalized = normalized
        self.warnings = warnings
        self.eventHeaders = eventHeaders
    }
}
