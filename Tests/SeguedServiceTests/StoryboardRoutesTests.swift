import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Synchronization
import Testing

struct StoryboardRoutesTests {
    let service = SeguedService()
    let small = #"{"format": "segued.storyboard/1", "name": "Small", "initialScene": "nav", "scenes": {"nav": {"kind": "navigationController", "root": "a"}, "a": {"segues": [{"identifier": "next", "kind": "show", "destination": "a"}]}}}"#

    @Test func upload_isContentAddressed() throws {
        let first = service.handle(.make("POST", "/v1/storyboards", json: small))
        #expect(first.status == 201)
        let id = try #require(first.json["id"]?.stringValue)
        #expect(first.header("Location") == "/v1/storyboards/\(id)")
        #expect(try first.json == JSONValue.parse(
            #"{"id": "\#(id)", "name": "Small", "entry": "Small", "summary": {"Small": {"scenes": 2, "segues": {"relationship": 1, "show": 1}}}, "warnings": []}"#))
        // The same content with other whitespace and key order: the same id, 200.
        let reordered = #"{"scenes": {"a": {"segues": [{"destination": "a", "kind": "show", "identifier": "next"}]}, "nav": {"root": "a", "kind": "navigationController"}}, "initialScene": "nav", "name": "Small", "format": "segued.storyboard/1"}"#
        let second = service.handle(.make("POST", "/v1/storyboards", json: reordered))
        #expect(second.status == 200)
        #expect(try second.json["id"]?.stringValue == id)
    }

    @Test func invalidStoryboard_listsEveryIssueWithItsPath() throws {
        let response = service.handle(.make("POST", "/v1/storyboards", json: #"{"format": "segued.storyboard/1", "initialScene": "a", "scenes": {"a": {"segues": [{"identifier": "go", "kind": "show", "destination": "itm"}, {"kind": "push"}]}}}"#))
        try response.expectProblem(422, "invalid-storyboard")
        let errors = try #require(response.json["errors"]?.arrayValue)
        #expect(errors.map { $0["path"]?.stringValue } == ["scenes.a.segues[0].destination", "scenes.a.segues[1].destination"])
        #expect(errors.map { $0["message"]?.stringValue } == [#"unknown scene "itm""#, "missing"])
    }

    @Test func malformedJSON_andWrongMediaType_areProblems() throws {
        try service.handle(.make("POST", "/v1/storyboards", json: "{")).expectProblem(422, "invalid-storyboard")
        try service.handle(.make("POST", "/v1/storyboards", json: small, headers: ["content-type": "text/plain"]))
            .expectProblem(415, "unsupported-media-type")
    }

    @Test func getListAndDelete_withInUseConflict() throws {
        let id = try #require(service.handle(.make("POST", "/v1/storyboards", json: small)).json["id"]?.stringValue)
        let got = service.handle(.make("GET", "/v1/storyboards/\(id)"))
        #expect(got.status == 200)
        // The normalized graph loads back to the same storyboard.
        let graph = try #require(got.json["storyboard"])
        #expect(try StoryboardJSONLoader.load(graph) == StoryboardJSONLoader.load(Data(small.utf8)))
        let listed = try service.handle(.make("GET", "/v1/storyboards")).json["storyboards"]?.arrayValue ?? []
        #expect(Set(listed.compactMap { $0["name"]?.stringValue }) == ["Demo", "Small"])

        let session = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(id)"}"#))
        #expect(session.status == 201)
        try service.handle(.make("DELETE", "/v1/storyboards/\(id)")).expectProblem(409, "storyboard-in-use")
        let sessionID = try #require(session.json["id"]?.stringValue)
        #expect(service.handle(.make("DELETE", "/v1/sessions/\(sessionID)")).status == 200)
        #expect(service.handle(.make("DELETE", "/v1/storyboards/\(id)")).status == 204)
        try service.handle(.make("GET", "/v1/storyboards/\(id)")).expectProblem(404, "unknown-storyboard")
    }

    /// Each storyboard stays until deleted, so new uploads stop at the limit (the demo counts);
    /// the same content again is still answered, and deleting one makes room.
    @Test func storyboardLimit_refusesNewUploadsUntilOneIsDeleted() throws {
        let limited = SeguedService(configuration: ServiceConfiguration(maxStoryboards: 2))
        let other = small.replacingOccurrences(of: #""Small""#, with: #""Other""#)
        let id = try #require(limited.handle(.make("POST", "/v1/storyboards", json: small)).json["id"]?.stringValue)
        let refused = limited.handle(.make("POST", "/v1/storyboards", json: other))
        try refused.expectProblem(409, "too-many-storyboards")
        #expect(try refused.json["detail"]?.stringValue
            == "The server holds its limit of 2 storyboards; delete unused ones (DELETE /v1/storyboards/{id}) first.")
        #expect(limited.handle(.make("POST", "/v1/storyboards", json: small)).status == 200)
        let listed = try limited.handle(.make("GET", "/v1/storyboards")).json["storyboards"]?.arrayValue ?? []
        #expect(Set(listed.compactMap { $0["name"]?.stringValue }) == ["Demo", "Small"])

        #expect(limited.handle(.make("DELETE", "/v1/storyboards/\(id)")).status == 204)
        #expect(limited.handle(.make("POST", "/v1/storyboards", json: other)).status == 201)
    }

    /// The operator's storyboards are loaded whatever the limit: it bounds what clients upload.
    @Test func operatorStoryboards_ignoreTheLimit() throws {
        let limited = SeguedService(configuration: ServiceConfiguration(maxStoryboards: 1))
        let id = limited.addStoryboard(try StoryboardJSONLoader.load(Data(small.utf8)))
        #expect(limited.handle(.make("GET", "/v1/storyboards/\(id)")).status == 200)
        let third = small.replacingOccurrences(of: #""Small""#, with: #""Third""#)
        try limited.handle(.make("POST", "/v1/storyboards", json: third)).expectProblem(409, "too-many-storyboards")
    }

    /// A session must never start on a storyboard being deleted: the delete's "no session uses it"
    /// and a creation's "the storyboard exists" are decided under one lock. Each round, one thread
    /// starts sessions on a new storyboard while another deletes the storyboard (ending the sessions
    /// it finds in the way); when both are done, no session may name the deleted storyboard. With
    /// the two checks made separately, a creation that found the storyboard just before the delete
    /// inserted its session just after, within the first rounds.
    @Test func deletingAStoryboard_racesNoSessionOntoIt() throws {
        for round in 0..<200 {
            let named = small.replacingOccurrences(of: #""Small""#, with: #""Race\#(round)""#)
            let id = try #require(service.handle(.make("POST", "/v1/storyboards", json: named)).json["id"]?.stringValue)
            let unexpected = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { role in
                if role == 0 {
                    for _ in 0..<30 {
                        let started = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(id)"}"#))
                        if started.status == 404 { break }
                        if started.status != 201 { unexpected.withLock { $0.append("session: \(started.status)") } }
                    }
                } else {
                    while true {
                        let deleted = service.handle(.make("DELETE", "/v1/storyboards/\(id)"))
                        if deleted.status == 204 { break }
                        guard deleted.status == 409 else { unexpected.withLock { $0.append("delete: \(deleted.status)") }; break }
                        for session in (try? sessions(on: id)) ?? [] { _ = service.handle(.make("DELETE", "/v1/sessions/\(session)")) }
                    }
                }
            }
            #expect(unexpected.withLock { $0 } == [])
            try #require(try sessions(on: id) == [], "round \(round): a session started on the deleted storyboard")
        }
    }

    private func sessions(on storyboard: String) throws -> [String] {
        let listed = try #require(service.handle(.make("GET", "/v1/sessions")).json["sessions"]?.arrayValue)
        return listed.filter { $0["storyboard"]?.stringValue == storyboard }.compactMap { $0["id"]?.stringValue }
    }
}
