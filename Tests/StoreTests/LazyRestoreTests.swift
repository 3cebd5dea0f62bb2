import Dispatch
import Foundation
import HTTPServer
@testable import SeguedService
@testable import Store
import Synchronization
import Testing

/// Issue 52: the start indexes stored sessions, and each is restored on its first use
/// (`SessionStore.lookup`). Restored late, a session answers exactly what it answered before the
/// restart; until then it counts in the limits; a damaged one answers a problem of its own and
/// harms no other; two first uses restore it once.
@Suite struct LazyRestoreTests {
    static let sessions = ["a", "b", "c"]

    /// Writes three sessions through one service (a few operations, one past the snapshot's fold,
    /// an idempotency key), and returns what each answered before the store closed.
    static func written(_ directory: TemporaryStateDirectory) throws -> [String: [String]] {
        let (first, store) = try directory.service()
        defer { store.close() }
        var answers: [String: [String]] = [:]
        for (index, id) in sessions.enumerated() {
            #expect(first.handle(.make("PUT", "/v1/sessions/\(id)", json: #"{"storyboard": "demo"}"#)).status == 201)
            EventLogDurabilityTests.cycle([3, 70, 6][index], on: id, in: first)
        }
        let keyed = first.handle(.make("POST", "/v1/sessions/c/segues", json: #"{"identifier": "addItem", "source": "vc3"}"#, headers: ["idempotency-key": "k1"]))
        #expect(keyed.status == 200)
        for id in sessions {
            answers[id] = Self.answers(first, id)
        }
        answers["keyed"] = [keyed.text]
        return answers
    }

    static func answers(_ service: SeguedService, _ id: String) -> [String] {
        ["/v1/sessions/\(id)", "/v1/sessions/\(id)/stack", "/v1/sessions/\(id)/events?after=0&limit=1000", "/v1/sessions/\(id)/flow"]
            .map { service.handle(.make("GET", $0)).text }
    }

    @Test func aStoreReopenedLazily_answersTheExactStacksAndTranscripts_afterTheFirstUse() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let before = try Self.written(directory)
        // The next operation of `b`, from a copy of it in the first store's state.
        let (witness, witnessStore) = try directory.service()
        #expect(witness.handle(.make("PUT", "/v1/sessions/w", json: #"{"from": "b"}"#)).status == 201)
        let next = witness.handle(.make("POST", "/v1/sessions/w/unwind", json: #"{"action": "cancelEdit:"}"#)).text
        #expect(witness.handle(.make("DELETE", "/v1/sessions/w")).status == 200)
        witnessStore.close()

        let (second, store) = try directory.service()
        defer { store.close() }
        #expect(second.restoredOnFirstUse.sessions == 0)
        for (count, id) in Self.sessions.enumerated() {
            #expect(Self.answers(second, id) == before[id], "\(id)")
            #expect(second.restoredOnFirstUse.sessions == count + 1)
        }
        let figures = second.restoredOnFirstUse
        #expect(figures.skipped == [] && figures.keys == 1 && figures.replayed > 0 && figures.walkSteps >= 3)
        // The key's answer, not a second operation; then the next operation as the copy made it.
        let retried = second.handle(.make("POST", "/v1/sessions/c/segues", json: #"{"identifier": "addItem", "source": "vc3"}"#, headers: ["idempotency-key": "k1"]))
        #expect(retried.text == before["keyed"]?.first)
        #expect(second.handle(.make("POST", "/v1/sessions/b/unwind", json: #"{"action": "cancelEdit:"}"#)).text == next.replacingOccurrences(of: #""id":"w""#, with: #""id":"b""#))
    }

    /// Before any use, a page of `GET /v1/sessions` restores the sessions it lists, and their
    /// listing is the one before the restart.
    @Test func theListOfSessions_restoresWhatItShows() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore) = try directory.service()
        for id in Self.sessions { #expect(first.handle(.make("PUT", "/v1/sessions/\(id)", json: #"{"storyboard": "demo"}"#)).status == 201) }
        EventLogDurabilityTests.cycle(1, on: "b", in: first)
        let list = first.handle(.make("GET", "/v1/sessions?limit=2")).text
        firstStore.close()
        let (second, store) = try directory.service()
        defer { store.close() }
        #expect(second.handle(.make("GET", "/v1/sessions?limit=2")).text == list)
        #expect(second.restoredOnFirstUse.sessions == 2)
    }

    /// A session whose stored snapshot is damaged: the start indexes it, its first use answers 500
    /// `session-not-restored` (and so does every later one), it leaves the count, its rows stay in
    /// the store, the other sessions answer as before, and a new session may take its id.
    @Test func aDamagedSessionsRow_answersAProblemOfItsOwn_andHarmsNoOther() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let before = try Self.written(directory)
        let connection = try SQLiteConnection(path: directory.path + "/" + DurableStore.fileName)
        try connection.execute("UPDATE sessions SET snapshot = X'7b2273' WHERE id = 'b'")
        let rows = try connection.integer("SELECT count(*) FROM operations WHERE session = 'b'")
        #expect(rows > 0)

        let (second, store) = try directory.service()
        defer { store.close() }
        #expect(Self.count(second) == 3)
        for _ in 0..<2 {
            let refused = second.handle(.make("GET", "/v1/sessions/b/stack"))
            #expect(refused.status == 500)
            #expect(refused.text.contains(#""type":"urn:segued:problem:session-not-restored""#), "\(refused.text)")
            #expect(refused.text.contains("the snapshot is not JSON"), "\(refused.text)")
        }
        #expect(second.handle(.make("POST", "/v1/sessions/b/unwind", json: #"{"action": "cancelEdit:"}"#)).status == 500)
        #expect(Self.count(second) == 2)
        #expect(second.restoredOnFirstUse.skipped == [#"session b: the snapshot is not JSON"#])
        #expect(Self.answers(second, "a") == before["a"] && Self.answers(second, "c") == before["c"])
        #expect(try connection.integer("SELECT count(*) FROM operations WHERE session = 'b'") == rows)
        // The id is free again: a new session takes it.
        #expect(second.handle(.make("PUT", "/v1/sessions/b", json: #"{"storyboard": "demo"}"#)).status == 201)
        #expect(second.handle(.make("GET", "/v1/sessions/b/stack")).status == 200)
        #expect(Self.count(second) == 3)
    }

    /// The sessions `/readyz` counts.
    static func count(_ service: SeguedService) -> Int? {
        let ready = service.handle(.make("GET", "/readyz")).text
        guard let range = ready.range(of: #""sessions":"#) else { return nil }
        return Int(ready[range.upperBound...].prefix { $0.isNumber })
    }

    /// Sessions not yet restored count in `--max-sessions` and in the memory budget (for what they
    /// stored: ``Session/baseBytes``, their snapshot and their rows), so that neither limit is
    /// passed by creating sessions before the stored ones are used.
    @Test func sessionsNotYetRestored_countInTheSessionAndMemoryLimits() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        _ = try Self.written(directory)
        let connection = try SQLiteConnection(path: directory.path + "/" + DurableStore.fileName)
        let stored = try connection.integer("SELECT sum(length(snapshot)) FROM sessions")
            + connection.integer("SELECT sum(length(body)) FROM operations")

        let accounted: Int
        do {
            let (full, store, recovery) = try EventLogDurabilityTests.recovered(directory, ServiceConfiguration(maxSessions: 2))
            defer { store.close() }
            #expect(recovery.sessions == 2 && recovery.skipped == ["session c: --max-sessions (2) reached"])
            let refused = full.handle(.make("PUT", "/v1/sessions/d", json: #"{"storyboard": "demo"}"#))
            #expect(refused.status == 503 && refused.text.contains("too-many-sessions"), "\(refused.text)")
        }
        do {
            let (service, store) = try directory.service()
            defer { store.close() }
            let empty = try TemporaryStateDirectory().open()
            defer { empty.close() }
            let withNone = try #require(ServiceDurabilityTests.accountedMemory(SeguedService(store: empty)))
            accounted = try #require(ServiceDurabilityTests.accountedMemory(service))
            #expect(accounted - withNone == 3 * Session.baseBytes + stored)
            #expect(service.restoredOnFirstUse.sessions == 0)
        }
        // A budget the stored sessions fill: a new session is refused before any of them is used.
        let (service, store, _) = try EventLogDurabilityTests.recovered(directory, ServiceConfiguration(maxMemory: accounted + Session.baseBytes - 1))
        defer { store.close() }
        let refused = service.handle(.make("PUT", "/v1/sessions/d", json: #"{"storyboard": "demo"}"#))
        #expect(refused.status == 503 && refused.text.contains("memory-budget-exceeded"), "\(refused.text)")
        // Restored, a session counts its footprint instead of the estimate.
        #expect(service.handle(.make("GET", "/v1/sessions/a/stack")).status == 200)
        #expect(ServiceDurabilityTests.accountedMemory(service) != accounted)
    }

    /// Two first uses of one session at the same time: one restores it, the other waits for it and
    /// answers from the same session (twenty sessions, two requests each, started together).
    @Test func twoFirstUsesOfOneSession_restoreItOnce() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let ids = (0..<20).map { "s\($0)" }
        do {
            let (first, store) = try directory.service()
            defer { store.close() }
            for id in ids {
                #expect(first.handle(.make("PUT", "/v1/sessions/\(id)", json: #"{"storyboard": "demo"}"#)).status == 201)
                EventLogDurabilityTests.cycle(5, on: id, in: first)
            }
        }
        let (second, store) = try directory.service()
        defer { store.close() }
        let bodies = Mutex<[String: [String]]>([:])
        DispatchQueue.concurrentPerform(iterations: 2 * ids.count) { index in
            let id = ids[index / 2]
            let response = second.handle(.make("GET", "/v1/sessions/\(id)/events?after=0&limit=1000"))
            #expect(response.status == 200)
            bodies.withLock { $0[id, default: []].append(response.text) }
        }
        let answered = bodies.withLock { $0 }
        for id in ids {
            #expect(answered[id]?.count == 2 && answered[id]?[0] == answered[id]?[1], "\(id)")
        }
        #expect(second.restoredOnFirstUse.sessions == ids.count)
        #expect(second.sessions.restoredCount.load(ordering: .relaxed) == ids.count)
    }

    /// A stored session never used after the start expires as it is: no restore, its rows deleted.
    @Test func aSessionNeverUsedSinceTheStart_expiresWithoutARestore() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        _ = try Self.written(directory)
        let (service, store, _) = try EventLogDurabilityTests.recovered(directory, ServiceConfiguration(sessionTTL: .milliseconds(200)))
        #expect(service.handle(.make("GET", "/v1/sessions/a/stack")).status == 200)
        Thread.sleep(forTimeInterval: 0.25)
        #expect(service.handle(.make("GET", "/v1/sessions/a/stack")).status == 200)
        #expect(service.expireIdleSessions().sorted() == ["b", "c"])
        #expect(service.restoredOnFirstUse.sessions == 1)
        store.close()
        let connection = try SQLiteConnection(path: directory.path + "/" + DurableStore.fileName)
        #expect(try connection.integer("SELECT count(*) FROM sessions") == 1)
        #expect(try connection.integer("SELECT count(*) FROM operations WHERE session <> 'a'") == 0)
        #expect(try connection.integer("SELECT count(*) FROM idempotency") == 0)
    }

    /// A `PUT` of a stored id before its first use: the same configuration answers the session
    /// (restored to compare it), another one 409, and so does a fork onto it.
    @Test func aPutOfAStoredID_comparesWithTheRestoredSession() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let before = try Self.written(directory)
        let (service, store) = try directory.service()
        defer { store.close() }
        let same = service.handle(.make("PUT", "/v1/sessions/a", json: #"{"storyboard": "demo"}"#))
        #expect(same.status == 200 && same.text == before["a"]?.first)
        #expect(service.handle(.make("PUT", "/v1/sessions/b", json: #"{"storyboard": "demo", "profile": "ios12"}"#)).status == 409)
        #expect(service.handle(.make("PUT", "/v1/sessions/c", json: #"{"from": "a"}"#)).status == 409)
        // Each id looked at (a fork's target too: one that does not restore would be free).
        #expect(service.restoredOnFirstUse.sessions == 3)
    }
}
