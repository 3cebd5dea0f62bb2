import HTTPServer
import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// `POST …/actions {"type": "tap"}`: a person's tap on a control, performed as the app's code
/// would (spec §5.13), on ``TapFixture``'s app.
struct TapRoutesTests {
    let service = SeguedService()

    func tap(_ session: String, _ body: String) -> Response {
        service.handle(.make("POST", "/v1/sessions/\(session)/actions", json: body))
    }

    func revision(_ session: String) throws -> Int {
        try #require(service.handle(.make("GET", "/v1/sessions/\(session)/stack")).json["revision"]?.intValue)
    }

    /// A session showing the sheet (Add tapped): vc3 the sheet's navigation controller, vc4 Edit.
    func sessionWithSheet(storyboard: String? = nil) throws -> String {
        let session = try TapFixture.session(on: service, storyboard: try storyboard ?? TapFixture.upload(to: service))
        let add = tap(session, #"{"type": "tap", "control": "add"}"#)
        #expect(add.status == 200, "\(add.text)")
        #expect(try add.json["stack"]?["path"] == JSONValue.parse(#"["vc1", "vc3", "vc4"]"#))
        return session
    }

    static let sheetDismissal = [
        "vc1 dismiss", "vc3 viewWillDisappear", "vc4 viewWillDisappear", "vc3 viewDidDisappear", "vc4 viewDidDisappear",
        "vc3 deinit", "vc4 deinit",
    ]

    @Test func cancel_dismissesTheSheetWithTheCodesCallbacks() throws {
        let storyboard = try TapFixture.upload(to: service)
        let session = try sessionWithSheet(storyboard: storyboard)
        let response = tap(session, #"{"type": "tap", "control": "Cancel"}"#)
        #expect(response.status == 200, "\(response.text)")
        let body = try response.json
        #expect(body["performed"] == .bool(true))
        #expect(body.eventLines == Self.sheetDismissal)
        #expect(body["stack"]?["visible"]?.stringValue == "vc2")
        // The operation names the control and the method's line, for the page's header.
        #expect(body["tap"] == (try JSONValue.parse("""
            {"control": "cancel", "selector": "cancel:", "source": "Sources/EditViewController.swift:6", "when": null}
            """)))
        // Exactly what the code's dismiss(animated:) on the sheet's controller answers.
        let other = try sessionWithSheet(storyboard: storyboard)
        let dismiss = service.handle(.make("POST", "/v1/sessions/\(other)/actions", json: #"{"type": "dismiss", "target": "vc4"}"#))
        #expect(try dismiss.json["events"] == body["events"])
    }

    /// A control wired to a segue performs it as its storyboard does: the same answer as
    /// `POST …/segues {"id"}` (trigger storyboard), but for `tap`.
    @Test func segueWiredControl_answersAsTheSegue() throws {
        let storyboard = try TapFixture.upload(to: service)
        let first = try TapFixture.session(on: service, storyboard: storyboard)
        let second = try TapFixture.session(on: service, storyboard: storyboard)
        let tapped = tap(first, #"{"type": "tap", "control": "add"}"#)
        let segue = service.handle(.make("POST", "/v1/sessions/\(second)/segues", json: #"{"id": "g1"}"#))
        #expect(tapped.status == 200 && segue.status == 200)
        guard case .object(var tappedBody) = try tapped.json, case .object(let segueBody) = try segue.json else {
            Issue.record("not objects"); return
        }
        #expect(tappedBody.removeValue(forKey: "tap") == (try JSONValue.parse(#"{"control": "add", "selector": null, "source": null, "when": null}"#)))
        #expect(tappedBody == segueBody)
        #expect(JSONValue.object(segueBody).eventLines.first == "vc2 shouldPerformSegue")
    }

    @Test func alternatives_needAChoice_andTakeTheChosenOne() throws {
        let session = try sessionWithSheet()
        let before = try revision(session)
        let missing = tap(session, #"{"type": "tap", "control": "done"}"#)
        #expect(missing.status == 409)
        #expect(try missing.json["type"]?.stringValue == "urn:segued:problem:choice-required")
        #expect(try missing.json["choices"] == JSONValue.parse(#"["not (!name.isEmpty)", "!name.isEmpty"]"#))
        let unknown = tap(session, #"{"type": "tap", "control": "done", "when": "name.isEmpty"}"#)
        #expect(unknown.status == 422)
        #expect(try unknown.json["type"]?.stringValue == "urn:segued:problem:unknown-choice")
        let unread = tap(session, #"{"type": "tap", "control": "done", "when": "not (!name.isEmpty)"}"#)
        #expect(unread.status == 409)
        #expect(try unread.json["type"]?.stringValue == "urn:segued:problem:action-unread")
        #expect(try unread.json["reasons"] == JSONValue.parse("""
            ["present(_:animated:) of alert: a controller made by UIAlertController(…), not instantiated from a storyboard"]
            """))
        #expect(try revision(session) == before)
        let chosen = tap(session, #"{"type": "tap", "control": "done", "when": "!name.isEmpty"}"#)
        #expect(chosen.status == 200, "\(chosen.text)")
        // navigationController?.dismiss: the sheet's navigation controller is presented, so it
        // asks its presenter to dismiss it.
        #expect(try chosen.json.eventLines == Self.sheetDismissal)
        #expect(try chosen.json["tap"]?["when"]?.stringValue == "!name.isEmpty")
        #expect(try revision(session) == before + 1)
    }

    @Test func actionThatNavigatesNowhere_isNotPerformed() throws {
        let session = try TapFixture.session(on: service, storyboard: try TapFixture.upload(to: service))
        let response = tap(session, #"{"type": "tap", "control": "Save"}"#)
        #expect(response.status == 200, "\(response.text)")
        let body = try response.json
        #expect(body["performed"] == .bool(false))
        #expect(body["reason"]?.stringValue == "runsAppCodeOnly")
        #expect(body["reasonDetail"]?.stringValue == "runs app code only: save: makes no navigation call")
        #expect(body.eventLines == [])
        #expect(body["revision"]?.intValue == 1)
    }

    @Test func sharedLabels_needAnOccurrence() throws {
        let storyboard = try TapFixture.upload(to: service)
        let session = try TapFixture.session(on: service, storyboard: storyboard)
        let ambiguous = tap(session, #"{"type": "tap", "control": "Edit"}"#)
        #expect(ambiguous.status == 409)
        #expect(try ambiguous.json["type"]?.stringValue == "urn:segued:problem:ambiguous-control")
        #expect(try ambiguous.json["candidates"] == JSONValue.parse("""
            ["editA: (Sources/ListViewController.swift:4)", "editB: (Sources/ListViewController.swift:8)"]
            """))
        let past = tap(session, #"{"type": "tap", "control": "Edit", "occurrence": 3}"#)
        #expect(past.status == 404)
        #expect(try past.json["type"]?.stringValue == "urn:segued:problem:unknown-control")
        // The first performs its segue as performSegue(withIdentifier:) does (no shouldPerformSegue):
        // the events of `POST …/segues {"identifier", "trigger": "programmatic"}`.
        let first = tap(session, #"{"type": "tap", "control": "Edit", "occurrence": 1}"#)
        #expect(first.status == 200, "\(first.text)")
        let other = try TapFixture.session(on: service, storyboard: storyboard)
        let code = service.handle(.make("POST", "/v1/sessions/\(other)/segues", json: #"{"identifier": "add", "trigger": "programmatic"}"#))
        #expect(try first.json["events"] == code.json["events"])
        #expect(try first.json.eventLines.contains("vc2 prepareForSegue") && !first.json.eventLines.contains("vc2 shouldPerformSegue"))
        #expect(try first.json["tap"]?["selector"]?.stringValue == "editA:")
        // The second, on the list under the page sheet (on screen, as a segue's source may be).
        let second = tap(session, #"{"type": "tap", "control": "Edit", "occurrence": 2, "source": "vc2"}"#)
        #expect(second.status == 200, "\(second.text)")
        #expect(try second.json["reason"]?.stringValue == "runsAppCodeOnly")
        #expect(try second.json["tap"]?["selector"]?.stringValue == "editB:")
    }

    @Test func unknownAndUntappableLabels_sayWhatTheSceneHas() throws {
        let session = try TapFixture.session(on: service, storyboard: try TapFixture.upload(to: service))
        let unknown = tap(session, #"{"type": "tap", "control": "Nope"}"#)
        #expect(unknown.status == 404)
        #expect(try unknown.json["type"]?.stringValue == "urn:segued:problem:unknown-control")
        #expect(try unknown.json["controls"] == JSONValue.parse(#"["Detail", "add", "Edit", "Save"]"#))
        #expect(try unknown.json["detail"]?.stringValue
            == #"scene "list" has no control labelled "Nope"; its tappable controls: "Detail", "add", "Edit", "Save""#)
        let label = tap(session, #"{"type": "tap", "control": "Title"}"#)
        #expect(label.status == 409)
        #expect(try label.json["type"]?.stringValue == "urn:segued:problem:not-tappable")
        let invalid = tap(session, #"{"type": "tap", "control": "", "occurrence": 0, "animated": false}"#)
        #expect(invalid.status == 422)
        #expect(try invalid.json["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue }.sorted() == ["animated", "control", "occurrence"])
    }

    /// Twice pops, then pushes a scene the storyboard does not have: the second call fails, so
    /// the pop is not kept either.
    @Test func aTapIsAllOrNothing() throws {
        let session = try TapFixture.session(on: service, storyboard: try TapFixture.upload(to: service))
        let detail = tap(session, #"{"type": "tap", "control": "Detail"}"#)
        #expect(detail.status == 200, "\(detail.text)")
        #expect(try detail.json["stack"]?["path"] == JSONValue.parse(#"["vc1", "vc3"]"#))
        #expect(try detail.json["tap"]?["source"]?.stringValue == "Sources/ListViewController.swift:16")
        let before = try revision(session)
        let events = try service.handle(.make("GET", "/v1/sessions/\(session)/events")).json["lastSeq"]
        let twice = tap(session, #"{"type": "tap", "control": "Twice"}"#)
        #expect(twice.status == 404, "\(twice.text)")
        #expect(try twice.json["type"]?.stringValue == "urn:segued:problem:unknown-scene")
        #expect(try revision(session) == before)
        #expect(try service.handle(.make("GET", "/v1/sessions/\(session)/stack")).json["path"] == JSONValue.parse(#"["vc1", "vc3"]"#))
        #expect(try service.handle(.make("GET", "/v1/sessions/\(session)/events")).json["lastSeq"] == events)
    }
}
