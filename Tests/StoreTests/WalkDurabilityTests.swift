import Foundation
import HTTPServer
@testable import SeguedService
@testable import Store
import Testing

/// How a session was reached (its walk: `GET …/flow`, Save as test, replay-on-add) is part of its
/// stored state: after a restart every restored session answers its flow as before, and goes on
/// adding to it.
struct WalkDurabilityTests {
    static func post(_ service: SeguedService, _ id: String, _ path: String, _ body: String) -> Int {
        let response = service.handle(.make("POST", "/v1/sessions/\(id)/\(path)", json: body))
        return response.status
    }

    /// More operations than a snapshot is written after (`Persistence.foldEvery`), so that the
    /// store prunes operation rows the walk still holds; a refused one, and a batch.
    static func walk(_ service: SeguedService, _ id: String) {
        for round in 0..<35 {
            #expect(post(service, id, "segues", #"{"identifier": "showItem", "data": {"itemID": \#(round)}}"#) == 200)
            #expect(post(service, id, "actions", #"{"type": "pop"}"#) == 200)
        }
        #expect(post(service, id, "segues", #"{"identifier": "noSuchSegue"}"#) == 404)
        #expect(post(service, id, "batch", #"{"operations": [{"op": "action", "type": "selectTab", "index": 1, "byUser": true}, {"op": "action", "type": "selectTab", "index": 0}]}"#) == 200)
    }

    static func flow(_ service: SeguedService, _ id: String) -> (Int, String) {
        let response = service.handle(.make("GET", "/v1/sessions/\(id)/flow"))
        return (response.status, response.text)
    }

    @Test(arguments: FsyncPolicy.allCases)
    func aSessionsFlow_isTheSameAfterARestart_andGrowsAfterIt(policy: FsyncPolicy) throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore) = try directory.service(policy)
        #expect(first.handle(.make("PUT", "/v1/sessions/walked", json: #"{"storyboard": "demo"}"#)).status == 201)
        #expect(first.handle(.make("PUT", "/v1/sessions/fresh", json: #"{"storyboard": "demo"}"#)).status == 201)
        Self.walk(first, "walked")
        #expect(first.handle(.make("PUT", "/v1/sessions/forked", json: #"{"from": "walked"}"#)).status == 201)
        let walked = Self.flow(first, "walked"), fresh = Self.flow(first, "fresh")
        #expect(walked.0 == 200 && fresh.0 == 200, "\(walked.1) \(fresh.1)")
        #expect(walked.1.components(separatedBy: "\n  visible: ").count == 74, "73 steps: the launch and 72 operations")
        firstStore.close()

        let (second, secondStore) = try directory.service(policy)
        #expect(Self.flow(second, "walked") == walked)
        #expect(Self.flow(second, "fresh") == fresh)
        #expect(Self.flow(second, "forked").1.replacingOccurrences(of: "forked", with: "walked") == walked.1)
        // Going on after the restart: the flow is the whole walk, across both runs.
        Self.walk(second, "walked")
        let longer = Self.flow(second, "walked")
        #expect(longer.0 == 200 && longer.1.components(separatedBy: "\n  visible: ").count == 146)
        secondStore.close()

        let (third, thirdStore) = try directory.service(policy)
        defer { thirdStore.close() }
        #expect(Self.flow(third, "walked") == longer)
    }

    @Test func aGapInTheWalk_andAnEndedSession_surviveARestart() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore) = try directory.service()
        #expect(first.handle(.make("PUT", "/v1/sessions/source", json: #"{"storyboard": "demo"}"#)).status == 201)
        Self.walk(first, "source")
        let snapshot = first.handle(.make("GET", "/v1/sessions/source/snapshot")).text
        #expect(first.handle(.make("PUT", "/v1/sessions/restored", json: #"{"snapshot": \#(snapshot)}"#)).status == 201)
        let refused = Self.flow(first, "restored")
        #expect(refused.0 == 409)
        #expect(first.handle(.make("DELETE", "/v1/sessions/source")).status == 200)
        firstStore.close()
        // The ended session's walk went with it: the restored one's gap is the only row left.
        let connection = try SQLiteConnection(path: directory.path + "/" + DurableStore.fileName)
        #expect(try connection.integer("SELECT count(*) FROM operations WHERE first_sequence = -1") == 1)

        let (second, secondStore) = try directory.service()
        defer { secondStore.close() }
        #expect(Self.flow(second, "restored") == refused)
        #expect(second.handle(.make("GET", "/v1/sessions/source/flow")).status == 404)
    }

    /// A store written by schema 5 (walks in a table of their own) opens with its walks moved into
    /// the operations table: every session's flow is the same, and goes on growing across restarts.
    @Test func aSchema5Stores_walks_surviveTheMigration() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore) = try directory.service()
        #expect(first.handle(.make("PUT", "/v1/sessions/walked", json: #"{"storyboard": "demo"}"#)).status == 201)
        #expect(first.handle(.make("PUT", "/v1/sessions/fresh", json: #"{"storyboard": "demo"}"#)).status == 201)
        Self.walk(first, "walked")
        let walked = Self.flow(first, "walked"), fresh = Self.flow(first, "fresh")
        firstStore.close()
        // Back to schema 5's layout: the walk rows in a `walks` table, under their rowids.
        let connection = try SQLiteConnection(path: directory.path + "/" + DurableStore.fileName)
        let walkRows = try connection.integer("SELECT count(*) FROM operations WHERE first_sequence = -1")
        #expect(walkRows > 2)
        try connection.execute("""
            \(StoreSchema.walksVersion5)
            INSERT INTO walks (rowid, session, incarnation, body)
                SELECT rowid, session, incarnation, body FROM operations WHERE first_sequence = -1;
            DELETE FROM operations WHERE first_sequence = -1;
            PRAGMA user_version = 5;
            """)
        #expect(try connection.integer("SELECT count(*) FROM walks") == walkRows)

        let (second, secondStore) = try directory.service()
        #expect(secondStore.migratedFrom == 5)
        #expect(try connection.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'walks'") == 0)
        #expect(try connection.integer("SELECT count(*) FROM operations WHERE first_sequence = -1") == walkRows)
        #expect(Self.flow(second, "walked") == walked)
        #expect(Self.flow(second, "fresh") == fresh)
        Self.walk(second, "walked")
        let longer = Self.flow(second, "walked")
        #expect(longer.0 == 200 && longer.1.components(separatedBy: "\n  visible: ").count == 146)
        #expect(second.handle(.make("DELETE", "/v1/sessions/fresh")).status == 200)
        secondStore.close()

        let (third, thirdStore) = try directory.service()
        defer { thirdStore.close() }
        #expect(Self.flow(third, "walked") == longer)
        #expect(third.handle(.make("GET", "/v1/sessions/fresh/flow")).status == 404)
        #expect(try connection.integer("SELECT count(*) FROM operations WHERE session = 'fresh'") == 0)
    }

    /// A store written before walks were kept: its sessions' flows are refused, as they were.
    @Test func aSessionWithoutStoredWalk_hasNoFlow() throws {
        let directory = TemporaryStateDirectory()
        defer { directory.cleanUp() }
        let (first, firstStore) = try directory.service()
        #expect(first.handle(.make("PUT", "/v1/sessions/old", json: #"{"storyboard": "demo"}"#)).status == 201)
        Self.walk(first, "old")
        firstStore.close()
        let connection = try SQLiteConnection(path: directory.path + "/" + DurableStore.fileName)
        try connection.execute("DELETE FROM operations WHERE first_sequence = -1")

        let (second, secondStore) = try directory.service()
        defer { secondStore.close() }
        let refused = Self.flow(second, "old")
        #expect(refused.0 == 409)
        #expect(refused.1.contains(#"Session \"old\" has no flow: how it was reached is not known."#))
    }

    @Test func walkSteps_readBack() {
        let lines = [#"segue showItem data={"itemID":42}"#, "pop", "selectTab 1 user"]
        #expect(WalkCoding.decode(WalkCoding.encode(.start, lines: lines)) == .start(lines))
        #expect(WalkCoding.decode(WalkCoding.encode(.lines, lines: [])) == .lines([]))
        #expect(WalkCoding.decode(WalkCoding.encodeGap("why")) == .gap("why"))
        #expect(WalkCoding.decode([9, 0]) == nil)
        #expect(WalkCoding.decode(Array(WalkCoding.encode(.start, lines: lines).dropLast())) == nil)
        var walk = SessionWalk.unknown
        walk.restore(.lines(lines))
        #expect(walk.gap == "how it was reached is not known")
        walk.restore(.start(lines))
        #expect(walk.gap == nil && walk.commands.count == 3)
        walk.restore(.lines(["no such step"]))
        #expect(walk.gap == "step 4 (no such step) has no flow step line that reads back to the same command" && walk.commands.isEmpty)
    }
}
