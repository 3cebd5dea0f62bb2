import Foundation
import HTTPServer
@testable import SeguedService
import SeguedTestSupport
import Storyboard
import Synchronization
import Testing

/// A node of a cluster (`--peer-url`) asked for a session of a storyboard id or name it does not hold
/// fetches the storyboard from its peer once, and keeps it only when the content hashes to its id;
/// a reference no peer had is not asked for again for a while (issue 53).
struct PeerStoryboardTests {
    /// A peer that answers each fetch with `answer` and counts the fetches.
    final class Peer: StoryboardPeer {
        let answer: @Sendable (String) -> Result<[UInt8], StoryboardPeerFailure>
        private let asked = Mutex<[String]>([])
        init(_ answer: @escaping @Sendable (String) -> Result<[UInt8], StoryboardPeerFailure>) { self.answer = answer }
        func fetch(_ id: String) -> Result<[UInt8], StoryboardPeerFailure> {
            asked.withLock { $0.append(id) }
            return answer(id)
        }
        var fetches: [String] { asked.withLock { $0 } }
    }

    /// The node the storyboards were uploaded to: its answers to GET /v1/storyboards/{id} are what
    /// the front hands over.
    let origin = SeguedService()

    private func upload(_ app: GeneratedApp) throws -> String {
        let response = origin.handle(.make("POST", "/v1/storyboards", json: app.bundleJSON))
        #expect(response.status == 201, "\(response.text)")
        return try #require(response.json["id"]?.stringValue)
    }

    private func originAnswer(_ id: String) -> Result<[UInt8], StoryboardPeerFailure> {
        let response = origin.handle(.make("GET", "/v1/storyboards/\(id)"))
        return response.status == 200 ? .success(response.body) : .failure(StoryboardPeerFailure("the peer answered \(response.status)"))
    }

    private static func node(_ peer: Peer) -> SeguedService {
        var configuration = ServiceConfiguration()
        configuration.nodeID = "n2"
        configuration.storyboardPeer = peer
        return SeguedService(configuration: configuration)
    }

    private static func storyboardIDs(_ service: SeguedService) throws -> [String] {
        try (service.handle(.make("GET", "/v1/storyboards")).json["storyboards"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    @Test func aStoryboardIdNotHeld_isFetchedOnce_andKept() throws {
        let id = try upload(GeneratedApp(name: "Quiz", storyboards: 2, scenes: 3, labelsPerScene: 1))
        let peer = Peer { id in originAnswer(id) }
        let node = Self.node(peer)
        for session in ["first", "second"] {
            let response = node.answered(.make("PUT", "/v1/sessions/\(session)", json: #"{"storyboard": "\#(id)"}"#))
            #expect(response.status == 201, "\(response.text)")
            #expect(try response.json["storyboard"]?.stringValue == id)
        }
        #expect(peer.fetches == [id])
        #expect(try Self.storyboardIDs(node).contains(id))
        // The copy is the storyboard: the same graph under the same id and name.
        let copy = try node.answered(.make("GET", "/v1/storyboards/\(id)")).json
        let original = try origin.handle(.make("GET", "/v1/storyboards/\(id)")).json
        for member in ["id", "name", "entry", "storyboard"] { #expect(copy[member] == original[member], "\(member)") }
    }

    @Test func sessionsAskedForAtOnce_onANewStoryboard_fetchItOnce() throws {
        let id = try upload(GeneratedApp(name: "Rush", storyboards: 1, scenes: 3, labelsPerScene: 1))
        let peer = Peer { id in
            // A peer slow enough that the requests overlap.
            Thread.sleep(forTimeInterval: 0.05)
            return originAnswer(id)
        }
        let node = Self.node(peer)
        let statuses = Mutex<[Int]>([])
        let done = DispatchGroup()
        for k in 0..<8 {
            done.enter()
            Thread.detachNewThread {
                let status = node.answered(.make("PUT", "/v1/sessions/rush-\(k)", json: #"{"storyboard": "\#(id)"}"#)).status
                statuses.withLock { $0.append(status) }
                done.leave()
            }
        }
        done.wait()
        #expect(statuses.withLock { $0 } == Array(repeating: 201, count: 8))
        #expect(peer.fetches == [id])
    }

    @Test func aSnapshotsStoryboard_isFetchedToo() throws {
        let id = try upload(GeneratedApp(name: "Shop", storyboards: 1, scenes: 3, labelsPerScene: 1))
        let started = origin.handle(.make("PUT", "/v1/sessions/cart", json: #"{"storyboard": "\#(id)"}"#))
        #expect(started.status == 201)
        let snapshot = origin.handle(.make("GET", "/v1/sessions/cart/snapshot")).text
        let peer = Peer { id in originAnswer(id) }
        let node = Self.node(peer)
        let restored = node.answered(.make("PUT", "/v1/sessions/cart", json: #"{"snapshot": \#(snapshot)}"#))
        #expect(restored.status == 201, "\(restored.text)")
        #expect(node.answered(.make("GET", "/v1/sessions/cart/stack")).text == origin.handle(.make("GET", "/v1/sessions/cart/stack")).text)
        #expect(peer.fetches == [id])
    }

    @Test func aCopyThatDoesNotHashToTheId_isNotKept() throws {
        let asked = try upload(GeneratedApp(name: "Quiz", storyboards: 1, scenes: 3, labelsPerScene: 1))
        let other = try upload(GeneratedApp(name: "Other", storyboards: 1, scenes: 4, labelsPerScene: 1))
        // A peer answering with another storyboard (as a faulty or hostile one could).
        let peer = Peer { _ in originAnswer(other) }
        let node = Self.node(peer)
        let before = try Self.storyboardIDs(node)
        try node.answered(.make("PUT", "/v1/sessions/s", json: #"{"storyboard": "\#(asked)"}"#)).expectProblem(404, "unknown-storyboard")
        #expect(peer.fetches == [asked])
        #expect(try Self.storyboardIDs(node) == before)
        #expect(node.answered(.make("GET", "/v1/sessions/s")).status == 404)
    }

    @Test(arguments: [
        Result<[UInt8], StoryboardPeerFailure>.failure(StoryboardPeerFailure("the peer did not answer")),
        .success(Array("not json".utf8)),
        .success(Array(#"{"id": "x"}"#.utf8)),
        .success(Array(#"{"storyboard": {"format": "segued.storyboard/1"}}"#.utf8)),
    ])
    func aPeerWithoutIt_leavesTheStoryboardUnknown(_ answer: Result<[UInt8], StoryboardPeerFailure>) throws {
        let peer = Peer { _ in answer }
        let node = Self.node(peer)
        let before = try Self.storyboardIDs(node)
        let unknown = "sb-0123456789abcdef0123456789abcdef"
        let response = node.answered(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(unknown)"}"#))
        try response.expectProblem(404, "unknown-storyboard")
        #expect(try response.json["detail"]?.stringValue == "No storyboard \"\(unknown)\".")
        #expect(peer.fetches == [unknown])
        #expect(try Self.storyboardIDs(node) == before)
    }

    /// A held id or name needs nothing; a name is fetched as the front finds it (issue 49 item 5).
    @Test func heldIdsAreNeverFetched_namesAre() throws {
        let id = try upload(GeneratedApp(name: "Quiz", storyboards: 1, scenes: 3, labelsPerScene: 1))
        let peer = Peer { reference in originAnswer(reference) }
        let node = Self.node(peer)
        #expect(node.answered(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(node.demoStoryboardID)"}"#)).status == 201)
        #expect(node.answered(.make("POST", "/v1/sessions", json: #"{"storyboard": "demo"}"#)).status == 201)
        #expect(peer.fetches.isEmpty)
        let byName = node.answered(.make("POST", "/v1/sessions", json: #"{"storyboard": "quiz"}"#))
        #expect(byName.status == 201, "\(byName.text)")
        #expect(try byName.json["storyboard"]?.stringValue == id)
        #expect(peer.fetches == ["quiz"])
    }

    /// Issue 53 item 1: a client asking for unknown ids in a loop made the node ask its peer each time.
    @Test func aMiss_isRemembered() throws {
        let peer = Peer { _ in .failure(StoryboardPeerFailure("the peer answered 404")) }
        let node = Self.node(peer)
        let unknown = "sb-0123456789abcdef0123456789abcdef"
        for _ in 0..<3 {
            try node.answered(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(unknown)"}"#)).expectProblem(404, "unknown-storyboard")
        }
        #expect(peer.fetches == [unknown])
        // The first answer waits for the fetch (held back by a gate, no thread waiting); a remembered
        // miss is answered at once.
        #expect(node.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(unknown)"}"#)).gate == nil)
    }
}

extension SeguedService {
    /// What a client receives: the answer once its gate (a fetch from the peer) has opened.
    func answered(_ request: Request) -> Response {
        let response = handle(request)
        guard let gate = response.gate else { return response }
        let deadline = ContinuousClock.now + .seconds(10)
        while !gate.outcome.opened, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
        return gate.outcome.replacement ?? response
    }
}
