import Storyboard

/// An uploaded storyboard: the validated graph, its content-addressed id and what lint found.
struct StoredStoryboard: Sendable {
    let id: String
    let storyboard: Storyboard
    /// The normalized graph as JSON: what `GET /v1/storyboards/{id}` returns and what the id hashes.
    let normalized: [UInt8]
    let warnings: [String]
    /// The JSON fragments its sessions' events are written from.
    let eventHeaders: EventHeaders

    var name: String { storyboard.name }
}
