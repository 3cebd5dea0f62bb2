import Foundation
import HTTPServer
@testable import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// The session store's indexes (the ids in order, sessions per storyboard, sessions by last use)
/// must say what a scan of every session would: each test compares them with one.
struct SessionIndexTests {
    /// Random inserts and removals, with chunks of 4 so that chunks split and empty: reading from
    /// any point gives the sorted set's elements after it.
    @Test func sortedChunks_readLikeASortedSet() {
        var generator = SplitMix(seed: 22)
        var chunks = SortedChunks<Int>(chunkCapacity: 4)
        var reference = Set<Int>()
        for step in 0..<4_000 {
            let value = Int(generator.next() % 500)
            if generator.next() % 3 == 0 {
                #expect(chunks.remove(value) == (reference.remove(value) != nil))
            } else {
                #expect(chunks.insert(value) == reference.insert(value).inserted)
            }
            if step % 97 == 0 {
                let sorted = reference.sorted()
                #expect(chunks.count == sorted.count)
                #expect(chunks.first == sorted.first)
                #expect(chunks.elements(after: nil, limit: .max) == sorted)
                let after = Int(generator.next() % 520) - 10
                let limit = Int(generator.next() % 20) + 1
                #expect(chunks.elements(after: after, limit: limit) == Array(sorted.filter { $0 > after }.prefix(limit)))
            }
        }
    }

    /// Paging through `GET /v1/sessions` after creations and deletions lists exactly the live
    /// sessions, sorted, each once.
    @Test func pagingThroughSessions_equalsTheSortedList() throws {
        let service = SeguedService(configuration: ServiceConfiguration(maxSessions: 1_000))
        var generator = SplitMix(seed: 8)
        var live = Set<String>()
        for _ in 0..<300 {
            let id = "s" + String(generator.next() % 10_000)
            if live.contains(id) {
                #expect(service.handle(.make("DELETE", "/v1/sessions/\(id)")).status == 200)
                live.remove(id)
            } else {
                #expect(service.handle(.make("PUT", "/v1/sessions/\(id)", json: #"{"storyboard": "demo"}"#)).status == 201)
                live.insert(id)
            }
        }
        var listed: [String] = []
        var after: String?
        var more = true
        while more {
            var query = [(name: "limit", value: "7")]
            if let after { query.append((name: "after", value: after)) }
            let page = try service.handle(.make("GET", "/v1/sessions", query: query)).json
            let ids = (page["sessions"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
            listed += ids
            more = page["more"]?.boolValue ?? false
            after = page["next"]?.stringValue
            #expect(ids.count == 7 || !more)
        }
        #expect(listed == live.sorted())
    }

    /// `GET /v1/storyboards` counts each storyboard's sessions as they are created, deleted and
    /// expire, and a storyboard in use cannot be deleted until its last session ends.
    @Test func perStoryboardCounts_followSessions() throws {
        let service = SeguedService(configuration: ServiceConfiguration(sessionTTL: .seconds(60)))
        let upload = service.handle(.make("POST", "/v1/storyboards", json: Self.tinyStoryboard))
        #expect(upload.status == 201, "\(upload.text)")
        let tiny = try #require(upload.json["id"]?.stringValue)
        func counts() throws -> [String: Int] {
            let list = try service.handle(.make("GET", "/v1/storyboards")).json["storyboards"]?.arrayValue ?? []
            return Dictionary(uniqueKeysWithValues: list.compactMap { entry in
                entry["id"]?.stringValue.map { ($0, entry["sessions"]?.intValue ?? -1) }
            })
        }
        let demoIDs = try (0..<3).map { _ in try service.demoSession() }
        let tinyIDs = try (0..<2).map { _ in
            try #require(service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(tiny)"}"#)).json["id"]?.stringValue)
        }
        #expect(try counts() == [service.demoStoryboardID: 3, tiny: 2])
        #expect(service.handle(.make("DELETE", "/v1/sessions/\(demoIDs[0])")).status == 200)
        #expect(service.handle(.make("DELETE", "/v1/sessions/\(tinyIDs[0])")).status == 200)
        #expect(try counts() == [service.demoStoryboardID: 2, tiny: 1])
        try service.handle(.make("DELETE", "/v1/storyboards/\(tiny)")).expectProblem(409, "storyboard-in-use")
        // Everything expires: the counts go to zero and the storyboard can go.
        let expired = service.sessions.expireIdle(now: .now + .seconds(120))
        #expect(Set(expired.map(\.rawValue)) == Set(demoIDs.dropFirst() + tinyIDs.dropFirst()))
        #expect(try counts() == [service.demoStoryboardID: 0, tiny: 0])
        #expect(service.handle(.make("DELETE", "/v1/storyboards/\(tiny)")).status == 204)
    }

    /// Expiry removes exactly the sessions whose last use (any request naming them) is older than
    /// the timeout at `now`, however the index saw them, and keeps every other.
    @Test func expiry_findsExactlyTheExpired() throws {
        let service = SeguedService(configuration: ServiceConfiguration(sessionTTL: .seconds(60)))
        let ids = try (0..<40).map { _ in try service.demoSession() }
        // Some are used again, after a pause, through different kinds of request.
        Thread.sleep(forTimeInterval: 0.02)
        let usedAgain = ids.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        for (index, id) in usedAgain.enumerated() {
            let path = index % 2 == 0 ? "/v1/sessions/\(id)/stack" : "/v1/sessions/\(id)"
            #expect(service.handle(.make("GET", path)).status == 200)
        }
        let lastUses = try ids.map { try #require(service.sessions[SessionID(rawValue: $0)]?.lastUsed) }
        let reuses = try usedAgain.map { try #require(service.sessions[SessionID(rawValue: $0)]?.lastUsed) }
        let firstReuse = try #require(reuses.min())
        // At a moment between the first creations' expiry and the reuses' expiry.
        let now = firstReuse + .seconds(60) - .milliseconds(1)
        let idle = zip(ids, lastUses).filter { now - $0.1 > .seconds(60) }.map(\.0)
        #expect(!idle.isEmpty && idle.count < ids.count)
        #expect(Set(service.sessions.expireIdle(now: now).map(\.rawValue)) == Set(idle))
        let kept = ids.filter { !idle.contains($0) }
        for id in kept { #expect(service.sessions[SessionID(rawValue: id)] != nil) }
        for id in idle { #expect(service.sessions[SessionID(rawValue: id)] == nil) }
        // A second look at the same moment finds nothing more; later, the rest.
        #expect(service.sessions.expireIdle(now: now).isEmpty)
        #expect(Set(service.sessions.expireIdle(now: .now + .seconds(61)).map(\.rawValue)) == Set(kept))
        #expect(service.sessions.count == 0)
    }

    /// One storyboard of one plain scene.
    static let tinyStoryboard = #"""
    {"format": "segued.storyboard/1", "name": "Tiny", "initialScene": "only", "scenes": {"only": {"class": "OnlyViewController"}}}
    """#
}
