import Foundation
import HTTPServer
import SeguedService
import Store
import Testing

/// The service over a state directory: what was answered is there after a restart (a new service
/// on the same directory), exactly: stack, revision, event sequence, and the transcripts of the
/// operations that follow.
struct ServiceDurabilityTests {
    static let operations: [(path: String, body: String)] = [
        ("segues", #"{"identifier": "showItem", "data": {"itemID": 42}}"#),
        ("segues", #"{"identifier": "editItem"}"#),
        ("unwind", #"{"identifier": "save", "data": {"title": "Milk"}}"#),
        ("actions", #"{"type": "selectTab", "index": 2}"#),
        ("actions", #"{"type": "setTraits", "horizontalSizeClass": "regular", "idiom": "pad"}"#),
    ]

    static func run(_ operations: ArraySlice<(path: String, body: String)>, on id: String, in service: SeguedService) -> [String] {
        operations.map { service.handle(.make("POST", "/v1/sessions/\(id)/\($0.path)", json: $0.body)).text }
    }

    @Test(arguments: FsyncPolicy.allCases)
    func sessionsAndStoryboards_surviveARestart_exactly(policy: FsyncPolicy) throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore) = try directory.service(policy)
        #expect(first.handle(.make("PUT", "/v1/sessions/kept", json: #"{"storyboard": "demo"}"#)).status == 201)
        #expect(first.handle(.make("PUT", "/v1/sessions/gone", json: #"{"storyboard": "demo"}"#)).status == 201)
        #expect(Self.run(Self.operations.prefix(3), on: "kept", in: first).allSatisfy { $0.contains(#""performed":true"#) })
        #expect(first.handle(.make("DELETE", "/v1/sessions/gone")).status == 200)
        // The same state in this service, to compare what the restarted one answers with.
        #expect(first.handle(.make("PUT", "/v1/sessions/witness", json: #"{"from": "kept"}"#)).status == 201)
        let session = first.handle(.make("GET", "/v1/sessions/kept")).text
        let stack = first.handle(.make("GET", "/v1/sessions/kept/stack")).text
        let rest = Self.operations.dropFirst(3)
        let expected = Self.run(rest, on: "witness", in: first)
        #expect(expected.allSatisfy { $0.contains(#""performed":true"#) })
        firstStore.close()
        // A closed store takes no more changes: the answer's gate opens with a 503 in its place.
        let late = first.handle(.make("POST", "/v1/sessions/witness/actions", json: #"{"type": "selectTab", "index": 0}"#))
        #expect(late.status == 200 && late.gate?.outcome.opened == true)
        #expect(late.gate?.outcome.replacement?.status == 503)

        let (second, secondStore) = try directory.service(policy)
        defer { secondStore.close() }
        #expect(second.handle(.make("GET", "/v1/sessions/kept")).text == session)
        #expect(second.handle(.make("GET", "/v1/sessions/kept/stack")).text == stack)
        #expect(second.handle(.make("GET", "/v1/sessions/gone")).status == 404)
        #expect(Self.run(rest, on: "kept", in: second) == expected)
    }

    /// A session left mid-gesture (spec §5.12) is mid-gesture after a restart: the operation log
    /// replays the gestures' phases, and the finish answers as it would have.
    @Test func aSessionMidSwipe_isMidSwipeAfterARestart() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore) = try directory.service(.always)
        #expect(first.handle(.make("PUT", "/v1/sessions/swiped", json: #"{"storyboard": "demo"}"#)).status == 201)
        let steps: ArraySlice<(path: String, body: String)> = [
            ("segues", #"{"identifier": "showItem"}"#), ("actions", #"{"type": "setTraits", "size": {"width": 844, "height": 390}}"#),
            ("actions", #"{"type": "interactivePop", "phase": "begin"}"#), ("actions", #"{"type": "interactivePop", "phase": "cancel"}"#),
            ("actions", #"{"type": "interactivePop", "phase": "begin"}"#),
        ]
        let begun = Self.run(steps, on: "swiped", in: first)
        #expect(begun.allSatisfy { $0.contains(#""performed":true"#) })
        #expect(first.handle(.make("PUT", "/v1/sessions/witness", json: #"{"from": "swiped"}"#)).status == 201)
        let stack = first.handle(.make("GET", "/v1/sessions/swiped/stack")).text
        #expect(stack.contains(#""transition":{"kind":"interactivePop""#))
        let finish: ArraySlice<(path: String, body: String)> = [("actions", #"{"type": "interactivePop", "phase": "finish"}"#)]
        let expected = Self.run(finish, on: "witness", in: first)
        firstStore.close()

        let (second, secondStore) = try directory.service(.always)
        defer { secondStore.close() }
        #expect(second.handle(.make("GET", "/v1/sessions/swiped/stack")).text == stack)
        #expect(Self.run(finish, on: "swiped", in: second) == expected)
    }

    static func storyboard(named name: String) -> String {
        #"{"format": "segued.storyboard/1", "name": "\#(name)", "initialScene": "a", "scenes": {"a": {}}}"#
    }

    @Test func anUploadedStoryboard_andItsDeletion_surviveARestart() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore) = try directory.service()
        let upload = first.handle(.make("POST", "/v1/storyboards", json: Self.storyboard(named: "Kept")))
        #expect(upload.status == 201, "\(upload.text)")
        let other = first.handle(.make("POST", "/v1/storyboards", json: Self.storyboard(named: "Gone")))
        #expect(other.status == 201, "\(other.text)")
        let keptID = try #require(upload.header("Location")).split(separator: "/").last.map(String.init) ?? ""
        let goneID = try #require(other.header("Location")).split(separator: "/").last.map(String.init) ?? ""
        #expect(first.handle(.make("PUT", "/v1/sessions/on-kept", json: #"{"storyboard": "\#(keptID)"}"#)).status == 201)
        #expect(first.handle(.make("DELETE", "/v1/storyboards/\(goneID)")).status == 204)
        let kept = first.handle(.make("GET", "/v1/storyboards/\(keptID)")).text
        firstStore.close()

        let (second, secondStore) = try directory.service()
        defer { secondStore.close() }
        #expect(second.handle(.make("GET", "/v1/storyboards/\(keptID)")).text == kept)
        #expect(second.handle(.make("GET", "/v1/storyboards/\(goneID)")).status == 404)
        #expect(second.handle(.make("GET", "/v1/sessions/on-kept")).status == 200)
    }

    /// A retry with the same `Idempotency-Key` after a restart gets the first answer, not a second
    /// operation; the same key with another request is still refused.
    @Test func idempotencyKeys_surviveARestart() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore) = try directory.service()
        #expect(first.handle(.make("PUT", "/v1/sessions/k", json: #"{"storyboard": "demo"}"#)).status == 201)
        let push = Request.make(
            "POST", "/v1/sessions/k/segues", json: #"{"identifier": "showItem", "data": {"itemID": 7}}"#, headers: ["Idempotency-Key": "push-1"])
        let answer = first.handle(push)
        #expect(answer.status == 200)
        firstStore.close()
        let (second, secondStore) = try directory.service()
        defer { secondStore.close() }
        let retried = second.handle(push)
        #expect(retried.status == 200 && retried.text == answer.text)
        #expect(retried.header("ETag") == answer.header("ETag"))
        #expect(second.handle(.make("GET", "/v1/sessions/k")).text.contains(#""revision":2"#))
        let other = second.handle(.make("POST", "/v1/sessions/k/actions", json: #"{"type": "pop"}"#, headers: ["Idempotency-Key": "push-1"]))
        #expect(other.status == 422 && other.text.contains("idempotency-key-reused"))
    }

    /// Until the store is read, `/readyz` and `/v1/` answer 503 `loading`; `/healthz` answers at once.
    @Test func beforeRecovery_onlyHealthzAnswers() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let store = try directory.open()
        defer { store.close() }
        let service = SeguedService(store: store)
        #expect(service.handle(.make("GET", "/healthz")).status == 200)
        for request in [Request.make("GET", "/readyz"), .make("GET", "/v1/sessions"), .make("POST", "/v1/sessions", json: #"{"storyboard":"demo"}"#)] {
            let response = service.handle(request)
            #expect(response.status == 503, "\(request.path)")
            #expect(response.text.contains(#""type":"urn:segued:problem:loading""#), "\(response.text)")
        }
        #expect(try service.recover().sessions == 0)
        #expect(service.handle(.make("GET", "/readyz")).status == 200)
        #expect(service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard":"demo"}"#)).status == 201)
    }

    static func accountedMemory(_ service: SeguedService) -> Int? {
        let metrics = service.handle(.make("GET", "/metrics")).text
        let line = metrics.split(separator: "\n").first { $0.hasPrefix("segued_memory_accounted_bytes ") }
        // Gauges are written as floating-point numbers (`4194304.0`).
        return line.flatMap { Double($0.split(separator: " ")[1]) }.map { Int($0) }
    }

    /// SQLite's page caches are bounded (`DurableStore.pageCacheBytes` the writer's,
    /// `readerCacheBytes` those of the connections that read sessions on their first use) and
    /// counted in the memory budget from the start, as sessions and storyboards are.
    @Test func theStoresPageCache_isCountedInTheMemoryBudget() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (durable, store) = try directory.service()
        defer { store.close() }
        let inMemory = SeguedService()
        let withStore = try #require(Self.accountedMemory(durable)), without = try #require(Self.accountedMemory(inMemory))
        #expect(withStore - without == DurableStore.pageCacheBytes + DurableStore.readerCacheBytes)
    }

    /// A session whose PUT id is used again after a delete: the new one is what comes back.
    @Test func anIDReusedAfterADelete_comesBackAsTheNewSession() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore) = try directory.service()
        #expect(first.handle(.make("PUT", "/v1/sessions/x", json: #"{"storyboard": "demo"}"#)).status == 201)
        _ = Self.run(Self.operations.prefix(2), on: "x", in: first)
        #expect(first.handle(.make("DELETE", "/v1/sessions/x")).status == 200)
        #expect(first.handle(.make("PUT", "/v1/sessions/x", json: #"{"storyboard": "demo", "profile": "ios12"}"#)).status == 201)
        let session = first.handle(.make("GET", "/v1/sessions/x")).text
        firstStore.close()
        let (second, secondStore) = try directory.service()
        defer { secondStore.close() }
        #expect(second.handle(.make("GET", "/v1/sessions/x")).text == session)
    }
}
