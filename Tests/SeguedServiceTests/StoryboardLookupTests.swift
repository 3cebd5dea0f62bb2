import HTTPServer
import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// How a request names a storyboard (`storyboard` of a session, `{id}` of `/v1/storyboards/{id}`):
/// its id; else a name, ignoring case, that is the storyboard's own (an app's: its folder's) or its
/// entry storyboard's; a name several storyboards answer to is a 409 listing them.
struct StoryboardLookupTests {
    let service = SeguedService()

    /// Uploads a generated app (entry storyboard `Main`) named `name`; returns its id.
    private func upload(_ name: String, storyboards: Int = 2) throws -> String {
        let app = GeneratedApp(name: name, storyboards: storyboards, scenes: 2, labelsPerScene: 1)
        let response = service.handle(.make("POST", "/v1/storyboards", json: app.bundleJSON))
        #expect(response.status == 201, "\(response.text)")
        return try #require(response.json["id"]?.stringValue)
    }

    private func startSession(_ id: String, on reference: String) -> Response {
        service.handle(.make("PUT", "/v1/sessions/\(id)", json: #"{"storyboard": "\#(reference)"}"#))
    }

    @Test func anApp_answersToItsId_itsName_andItsEntryStoryboardsName() throws {
        let id = try upload("Quiz")
        for (session, reference) in [("by-id", id), ("by-name", "Quiz"), ("by-entry", "Main"), ("any-case", "mAIN")] {
            let response = startSession(session, on: reference)
            #expect(response.status == 201, "\(reference): \(response.text)")
            #expect(try response.json["storyboard"]?.stringValue == id, "\(reference)")
        }
        #expect(try service.handle(.make("GET", "/v1/storyboards/main")).json["id"]?.stringValue == id)
        // Another storyboard of the app is not a name of the app: sessions start in the entry one.
        try startSession("flow", on: "Flow1").expectProblem(404, "unknown-storyboard")
    }

    @Test func aNameSeveralStoryboardsAnswerTo_is409ListingThem_andChangesNothing() throws {
        let first = try upload("Quiz")
        let second = try upload("Shop", storyboards: 3)
        let ambiguous = startSession("s", on: "Main")
        try ambiguous.expectProblem(409, "ambiguous-storyboard")
        let ids = [first, second].sorted()
        #expect(try ambiguous.json["storyboards"] == .array(ids.map { .string($0) }))
        #expect(try ambiguous.json["detail"]?.stringValue
            == "2 storyboards are named \"Main\" (by their own name or their entry storyboard's): \(ids[0]), \(ids[1]); name one by its id.")
        #expect(service.handle(.make("GET", "/v1/sessions/s")).status == 404)
        try service.handle(.make("GET", "/v1/storyboards/main")).expectProblem(409, "ambiguous-storyboard")
        try service.handle(.make("DELETE", "/v1/storyboards/Main")).expectProblem(409, "ambiguous-storyboard")
        #expect(try service.handle(.make("GET", "/v1/storyboards")).json["storyboards"]?.arrayValue?.count == 3)
        // Their own names and ids still tell them apart.
        #expect(try startSession("quiz", on: "quiz").json["storyboard"]?.stringValue == first)
        #expect(try startSession("shop", on: second).json["storyboard"]?.stringValue == second)
    }

    /// Ids come first: a storyboard named like another's id does not make that id ambiguous.
    @Test func anId_winsOverANameEqualToIt() throws {
        let demoID = service.demoStoryboardID
        let named = #"{"format": "segued.storyboard/1", "name": "\#(demoID)", "initialScene": "a", "scenes": {"a": {}}}"#
        let uploaded = service.handle(.make("POST", "/v1/storyboards", json: named))
        #expect(uploaded.status == 201, "\(uploaded.text)")
        #expect(try startSession("s", on: demoID).json["storyboard"]?.stringValue == demoID)
        #expect(try startSession("d", on: "demo").json["storyboard"]?.stringValue == demoID)
        try startSession("x", on: "nothing").expectProblem(404, "unknown-storyboard")
    }
}
