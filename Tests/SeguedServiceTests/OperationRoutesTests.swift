import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

struct OperationRoutesTests {
    let service = SeguedService()

    @Test func segue_answersTheWholeTranscriptAndTheNewRevision() throws {
        let id = try service.demoSession()
        let response = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem", "data": {"itemID": 42}}"#))
        #expect(response.status == 200)
        #expect(response.header("ETag") == "\"2\"")
        let body = try response.json
        #expect(body["performed"] == .bool(true))
        #expect(body["reason"] == .null)
        #expect(body["segue"] == (try JSONValue.parse(#"{"identifier": "showItem", "id": null, "kind": "show", "source": "vc3", "destination": "vc10"}"#)))
        #expect(body.eventLines == [
            "vc3 shouldPerformSegue", "vc10 init", "vc10 awakeFromNib", "vc3 prepareForSegue", "vc3 performSegue",
            "vc2 pushViewController", "vc10 willMoveToParent", "vc10 loadView", "vc10 viewDidLoad",
            "vc3 viewWillDisappear", "vc10 viewWillAppear", "vc2 navigationControllerWillShow", "vc10 viewIsAppearing",
            "vc3 viewDidDisappear", "vc10 viewDidAppear", "vc10 didMoveToParent", "vc2 navigationControllerDidShow",
        ])
        let prepare = try #require(body["events"]?.arrayValue?[3])
        #expect(prepare == (try JSONValue.parse(#"{"seq": 59, "vc": "vc3", "scene": "itemList", "class": "ItemListViewController", "method": "prepareForSegue", "args": {"segue": {"identifier": "showItem", "id": null, "kind": "show", "source": "vc3", "destination": "vc10"}, "sender": null}}"#)))
        #expect(body["stack"] == (try JSONValue.parse(#"{"revision": 2, "visible": "vc10", "path": ["vc1", "vc2", "vc10"]}"#)))
        #expect(body["revision"]?.intValue == 2)
        let stack = try service.handle(.make("GET", "/v1/sessions/\(id)/stack")).json
        let detail = stack["layers"]?.arrayValue?[0]["root"]?["children"]?.arrayValue?[0]["children"]?.arrayValue?[1]
        #expect(detail?["properties"] == (try JSONValue.parse(#"{"itemID": 42}"#)))
    }

    @Test func vetoedSegue_isASuccessWithTheReason() throws {
        let id = try service.demoSession()
        let body = try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem", "shouldPerform": false}"#)).json
        #expect(body["performed"] == .bool(false))
        #expect(body["reason"]?.stringValue == "shouldPerformSegueReturnedFalse")
        #expect(body["revision"]?.intValue == 1)
    }

    @Test func unwind_carriesDestinationAndSearch() throws {
        let id = try service.demoSession()
        _ = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "addItem"}"#))
        let body = try service.handle(.make("POST", "/v1/sessions/\(id)/unwind", json: #"{"identifier": "cancel", "data": {"cancelled": true}}"#)).json
        #expect(body["performed"] == .bool(true))
        #expect(body["destination"]?.stringValue == "vc3")
        #expect(body["search"] == (try JSONValue.parse("""
            [{"vc": "vc11", "method": "allowedChildrenForUnwinding", "result": []},
             {"vc": "vc11", "method": "canPerformUnwindSegueAction", "result": false},
             {"vc": "vc10", "method": "allowedChildrenForUnwinding", "result": []},
             {"vc": "vc10", "method": "canPerformUnwindSegueAction", "result": false},
             {"vc": "vc3", "method": "allowedChildrenForUnwinding", "result": []},
             {"vc": "vc3", "method": "canPerformUnwindSegueAction", "result": true}]
            """)))
        let none = try service.handle(.make("POST", "/v1/sessions/\(id)/unwind", json: #"{"action": "nowhere:"}"#)).json
        #expect(none["performed"] == .bool(false))
        #expect(none["reason"]?.stringValue == "noUnwindDestination")
        #expect(none["destination"] == .null)
    }

    @Test func codeSegue_andEveryActionType() throws {
        let id = try service.demoSession()
        func post(_ path: String, _ json: String) throws -> JSONValue {
            let response = service.handle(.make("POST", "/v1/sessions/\(id)/\(path)", json: json))
            #expect(response.status == 200, "\(json): \(response.text)")
            return try response.json
        }
        #expect(try post("segues", #"{"kind": "show", "scene": "itemDetail"}"#)["stack"]?["visible"]?.stringValue == "vc10")
        #expect(try post("actions", #"{"type": "back"}"#)["stack"]?["visible"]?.stringValue == "vc3")
        #expect(try post("actions", #"{"type": "push", "storyboardIdentifier": "ItemDetail"}"#)["stack"]?["visible"]?.stringValue == "vc11")
        #expect(try post("actions", #"{"type": "push", "scene": "itemDetail"}"#)["stack"]?["visible"]?.stringValue == "vc12")
        #expect(try post("actions", #"{"type": "popTo", "target": "vc11"}"#)["stack"]?["visible"]?.stringValue == "vc11")
        #expect(try post("actions", #"{"type": "popToRoot"}"#)["stack"]?["visible"]?.stringValue == "vc3")
        #expect(try post("actions", #"{"type": "setViewControllers", "viewControllers": ["vc3", {"scene": "itemDetail"}]}"#)["stack"]?["visible"]?.stringValue == "vc13")
        #expect(try post("actions", #"{"type": "pop"}"#)["stack"]?["visible"]?.stringValue == "vc3")
        #expect(try post("actions", #"{"type": "present", "storyboardIdentifier": "EditForm", "modalPresentationStyle": "fullScreen"}"#)["stack"]?["visible"]?.stringValue == "vc15")
        #expect(try post("actions", #"{"type": "dismiss"}"#)["stack"]?["visible"]?.stringValue == "vc3")
        #expect(try post("actions", #"{"type": "selectTab", "index": 1}"#).eventLines.first == "vc1 tabBarControllerShouldSelect")
        #expect(try post("actions", #"{"type": "selectTab", "index": 0, "byUser": false}"#).eventLines.contains("vc1 tabBarControllerShouldSelect") == false)
        #expect(try post("actions", #"{"type": "setTraits", "horizontalSizeClass": "regular", "idiom": "pad"}"#)["performed"] == .bool(true))
    }

    @Test func engineErrors_areProblemsAndChangeNothing() throws {
        let id = try service.demoSession()
        try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "nope"}"#)).expectProblem(404, "unknown-segue")
        try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem", "source": "vc99"}"#)).expectProblem(404, "unknown-instance")
        try service.handle(.make("POST", "/v1/sessions/\(id)/actions", json: #"{"type": "popTo", "target": "vc1"}"#)).expectProblem(409, "not-in-stack")
        try service.handle(.make("POST", "/v1/sessions/\(id)/actions", json: #"{"type": "push", "storyboardIdentifier": "Missing"}"#)).expectProblem(404, "unknown-scene")
        try service.handle(.make("POST", "/v1/sessions/\(id)/actions", json: #"{"type": "push", "storyboardIdentifier": "EditForm"}"#)).expectProblem(409, "pushing-navigation-controller")
        try service.handle(.make("POST", "/v1/sessions/\(id)/unwind", json: #"{"identifier": "showItem"}"#)).expectProblem(409, "wrong-segue-kind")
        try service.handle(.make("POST", "/v1/sessions/\(id)/actions", json: #"{"type": "selectTab", "index": 9}"#)).expectProblem(409, "tab-index-out-of-range")
        try service.handle(.make("POST", "/v1/sessions/\(id)/actions", json: #"{"type": "fly"}"#)).expectProblem(422, "invalid-request")
        try service.handle(.make("POST", "/v1/sessions/\(id)/actions", json: #"{"type": "popTo"}"#)).expectProblem(422, "invalid-request")
        try service.handle(.make("POST", "/v1/sessions/\(id)/actions", json: #"{"type": "pop", "target": "vc3"}"#)).expectProblem(422, "invalid-request")
        try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem", "source": "three"}"#)).expectProblem(422, "invalid-request")
        try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem", "data": [1]}"#)).expectProblem(422, "invalid-request")
        try service.handle(.make("POST", "/v1/sessions/\(id)/unwind", json: #"{"action": "a:", "identifier": "b"}"#)).expectProblem(422, "invalid-request")
        try service.handle(.make("POST", "/v1/sessions/nope/segues", json: #"{"identifier": "showItem"}"#)).expectProblem(404, "unknown-session")
        let session = try service.handle(.make("GET", "/v1/sessions/\(id)")).json
        #expect(session["revision"]?.intValue == 1)
        #expect(session["lastEventSeq"]?.intValue == 55)
    }

    /// The demo launches 9 instances. At a limit of 10, the segue that makes the 10th is performed;
    /// then whatever may create more is refused, with or without an Idempotency-Key, and changes
    /// nothing, while choosing a tab or popping still work, and a pop makes room again.
    @Test func instanceLimit_refusesWhatMayCreateInstances_andNothingElse() throws {
        let limited = SeguedService(configuration: ServiceConfiguration(maxInstances: 10))
        let id = try limited.demoSession()
        let operations = "/v1/sessions/\(id)"
        #expect(limited.handle(.make("POST", "\(operations)/segues", json: #"{"identifier": "showItem"}"#)).status == 200)
        let atTheLimit = try limited.handle(.make("GET", operations)).json
        #expect(atTheLimit["revision"]?.intValue == 2)
        let push = #"{"type": "push", "scene": "itemDetail"}"#
        let refused = limited.handle(.make("POST", "\(operations)/actions", json: push))
        try refused.expectProblem(409, "too-many-instances")
        #expect(try refused.json["detail"]?.stringValue
            == "The session holds its limit of 10 live view controllers; pop, dismiss or unwind some first.")
        try limited.handle(.make("POST", "\(operations)/segues", json: #"{"identifier": "editItem"}"#, headers: ["idempotency-key": "k"]))
            .expectProblem(409, "too-many-instances")
        #expect(try limited.handle(.make("GET", operations)).json == atTheLimit)

        #expect(limited.handle(.make("POST", "\(operations)/actions", json: #"{"type": "selectTab", "index": 1}"#)).status == 200)
        #expect(limited.handle(.make("POST", "\(operations)/actions", json: #"{"type": "selectTab", "index": 0}"#)).status == 200)
        #expect(limited.handle(.make("POST", "\(operations)/actions", json: #"{"type": "pop"}"#)).status == 200)
        #expect(limited.handle(.make("POST", "\(operations)/actions", json: push)).status == 200)
    }

    /// A new stack asks for as many instances as it has new entries, so the limit counts them: one
    /// request of 16,000 entries once made a session of 16,009 instances under a limit of 10,000.
    /// Existing entries ask for none.
    @Test func instanceLimit_countsTheNewEntriesOfANewStack() throws {
        let limited = SeguedService(configuration: ServiceConfiguration(maxInstances: 11))
        let id = try limited.demoSession()
        let operations = "/v1/sessions/\(id)"
        func newStack(_ entries: String) -> Response {
            limited.handle(.make("POST", "\(operations)/actions", json: #"{"type": "setViewControllers", "viewControllers": [\#(entries)]}"#))
        }
        let before = try limited.handle(.make("GET", operations)).json
        let refused = newStack(#""vc3", {"scene": "itemDetail"}, {"scene": "itemDetail"}, {"scene": "itemDetail"}"#)
        try refused.expectProblem(409, "too-many-instances")
        #expect(try refused.json["detail"]?.stringValue
            == "The session holds 9 live view controllers of its limit of 11, and this request asks for 3 more; pop, dismiss or unwind some first, or ask for fewer.")
        #expect(try limited.handle(.make("GET", operations)).json == before)
        #expect(newStack(#""vc3", {"scene": "itemDetail"}, {"scene": "itemDetail"}"#).status == 200)
        // At the limit, a stack of existing instances still goes through.
        #expect(newStack(#""vc3""#).status == 200)
    }

    /// The data a session's instances hold is bounded: a request whose data would pass the limit is
    /// refused before the engine runs (counted whole, as JSON: `{"itemID": 42}` is 19 bytes, as an
    /// entry held 18), with or without an Idempotency-Key, and changes nothing; releasing the
    /// instance that holds data makes room again.
    @Test func sessionDataLimit_refusesDataBeyondIt_andNothingElse() throws {
        let limited = SeguedService(configuration: ServiceConfiguration(maxSessionData: 40))
        let id = try limited.demoSession()
        let operations = "/v1/sessions/\(id)"
        #expect(limited.handle(.make("POST", "\(operations)/segues", json: #"{"identifier": "showItem", "data": {"itemID": 42}}"#)).status == 200)
        let holding = try limited.handle(.make("GET", operations)).json
        let push = #"{"type": "push", "scene": "itemDetail", "data": {"itemID": 7, "name": "x"}}"#
        let refused = limited.handle(.make("POST", "\(operations)/actions", json: push))
        try refused.expectProblem(409, "too-much-data")
        #expect(try refused.json["detail"]?.stringValue
            == "The session's view controllers hold 18 bytes of data of its limit of 40, and this request hands over 30; pop, dismiss or unwind the ones holding data, or send less.")
        try limited.handle(.make("POST", "\(operations)/actions", json: push, headers: ["idempotency-key": "k"]))
            .expectProblem(409, "too-much-data")
        #expect(try limited.handle(.make("GET", operations)).json == holding)

        // Without data the same push is not refused; popping both releases the data.
        #expect(limited.handle(.make("POST", "\(operations)/actions", json: #"{"type": "push", "scene": "itemDetail"}"#)).status == 200)
        #expect(limited.handle(.make("POST", "\(operations)/actions", json: #"{"type": "popToRoot"}"#)).status == 200)
        #expect(limited.handle(.make("POST", "\(operations)/actions", json: push)).status == 200)
    }

    /// Unwinds merge their data into an instance that stays (the list), so the instance limit does
    /// not bound it: with the defaults (1 MiB), the second of two unwinds handing 600 KB over is refused.
    @Test func unwindData_mergedIntoOneInstance_isBoundedByDefault() throws {
        let id = try service.demoSession()
        let operations = "/v1/sessions/\(id)"
        func cancel(_ key: String) -> Response {
            service.handle(.make("POST", "\(operations)/unwind", json: #"{"action": "cancelEdit:", "data": {"\#(key)": "\#(String(repeating: "x", count: 600_000))"}}"#))
        }
        #expect(service.handle(.make("POST", "\(operations)/segues", json: #"{"identifier": "addItem"}"#)).status == 200)
        #expect(cancel("first").status == 200)
        #expect(service.handle(.make("POST", "\(operations)/segues", json: #"{"identifier": "addItem"}"#)).status == 200)
        try cancel("second").expectProblem(409, "too-much-data")
        let list = try service.handle(.make("GET", "\(operations)/stack")).json["layers"]?.arrayValue?[0]["root"]?["children"]?.arrayValue?[0]["children"]?.arrayValue?[0]
        #expect(list?["id"]?.stringValue == "vc3")
        #expect(list?["properties"]?.objectValue?.keys.sorted() == ["first"])
    }

    @Test func ifMatch_guardsTheRevision() throws {
        let id = try service.demoSession()
        let stale = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#, headers: ["if-match": "\"7\""]))
        try stale.expectProblem(412, "revision-conflict")
        #expect(stale.header("ETag") == "\"1\"")
        #expect(try stale.json["currentRevision"]?.intValue == 1)
        let fresh = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#, headers: ["if-match": "\"1\""]))
        #expect(fresh.status == 200)
        #expect(fresh.header("ETag") == "\"2\"")
    }

    @Test func idempotencyKey_returnsTheFirstResultInsteadOfActingTwice() throws {
        let id = try service.demoSession()
        let request = Request.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#, headers: ["idempotency-key": "k1"])
        let first = service.handle(request)
        let second = service.handle(request)
        #expect(first.status == 200)
        #expect(second.body == first.body)
        #expect(try service.handle(.make("GET", "/v1/sessions/\(id)")).json["revision"]?.intValue == 2)
        let other = Request.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "editItem"}"#, headers: ["idempotency-key": "k1"])
        try service.handle(other).expectProblem(422, "idempotency-key-reused")
    }

    @Test func idempotencyKey_emptyOrLongerThan255Bytes_isRefusedWithoutActing() throws {
        let id = try service.demoSession()
        for key in ["", String(repeating: "k", count: 256), String(repeating: "é", count: 128)] {
            let request = Request.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#, headers: ["idempotency-key": key])
            try service.handle(request).expectProblem(400, "invalid-idempotency-key")
        }
        #expect(try service.handle(.make("GET", "/v1/sessions/\(id)")).json["revision"]?.intValue == 1)
        let longest = Request.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#, headers: ["idempotency-key": String(repeating: "k", count: 255)])
        #expect(service.handle(longest).status == 200)
        #expect(service.handle(longest).status == 200)
        #expect(try service.handle(.make("GET", "/v1/sessions/\(id)")).json["revision"]?.intValue == 2)
    }

    @Test func triggerableSegues_listTheOnScreenInstances() throws {
        let id = try service.demoSession()
        _ = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "addItem"}"#))
        let body = try service.handle(.make("GET", "/v1/sessions/\(id)/segues")).json
        #expect(body["segues"]?.arrayValue?.map { "\($0["source"]!.stringValue!) \($0["identifier"]!.stringValue!)" } == ["vc3 showItem", "vc3 addItem", "vc3 showFilter"])
        #expect(body["unwinds"] == (try JSONValue.parse(#"[{"source": "vc11", "scene": "editItem", "identifier": "save", "id": null, "action": "saveEdit:"}, {"source": "vc11", "scene": "editItem", "identifier": "cancel", "id": null, "action": "cancelEdit:"}]"#)))
    }

    /// Interface Builder often saves a control's segue without an identifier: it is listed and
    /// performed by its id (before, nothing could name it: 88 of the corpus's 157 segues).
    @Test func seguesWithoutAnIdentifier_areListedAndPerformedByID() throws {
        let storyboard = #"{"format": "segued.storyboard/1", "name": "Cells", "initialScene": "nav", "scenes": {"nav": {"kind": "navigationController", "root": "list"}, "list": {"class": "ListViewController", "segues": [{"id": "cell-1", "kind": "show", "destination": "item"}, {"identifier": "add", "id": "bar-2", "kind": "show", "destination": "item"}, {"kind": "show", "destination": "item"}], "shouldPerformSegue": {"add": false}}, "item": {"class": "ItemViewController"}}}"#
        let uploaded = try service.handle(.make("POST", "/v1/storyboards", json: storyboard)).json
        #expect(uploaded["warnings"] == .array([]))
        let created = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(uploaded["id"]?.stringValue ?? "")"}"#))
        let id = try #require(created.json["id"]?.stringValue)
        // The third segue has neither, so nothing names it and it is not offered.
        #expect(try service.handle(.make("GET", "/v1/sessions/\(id)/segues")).json["segues"] == (try JSONValue.parse(#"""
            [{"source": "vc2", "scene": "list", "identifier": null, "id": "cell-1", "kind": "show", "destination": "item", "trigger": "control"},
             {"source": "vc2", "scene": "list", "identifier": "add", "id": "bar-2", "kind": "show", "destination": "item", "trigger": "control"}]
            """#)))
        // Code cannot perform it, and a request names a segue one way.
        try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"id": "cell-1", "trigger": "programmatic"}"#))
            .expectProblem(422, "segue-without-identifier")
        try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "add", "id": "bar-2"}"#))
            .expectProblem(422, "invalid-request")
        try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"id": "cell-1", "kind": "show", "scene": "item"}"#))
            .expectProblem(422, "invalid-request")
        // An id of another type is that one error, not also a missing identifier.
        let wrongType = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"id": 5}"#))
        try wrongType.expectProblem(422, "invalid-request")
        #expect(try wrongType.json["errors"]?.arrayValue?.map { $0["path"] } == [.string("id")], "\(wrongType.text)")
        let unknown = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"id": "cell-9"}"#))
        try unknown.expectProblem(404, "unknown-segue")
        #expect(try unknown.json["detail"] == .string(#"scene "list" has no segue with id 'cell-9'"#))
        // By id, a segue with an identifier is asked about and answered by its identifier.
        let vetoed = try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"id": "bar-2"}"#)).json
        #expect(vetoed["performed"] == .bool(false))
        #expect(vetoed["events"]?.arrayValue?.first?["args"] == (try JSONValue.parse(#"{"identifier": "add", "sender": null}"#)))
        let performed = try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"id": "cell-1"}"#)).json
        #expect(performed["performed"] == .bool(true))
        #expect(performed["segue"] == (try JSONValue.parse(#"{"identifier": null, "id": "cell-1", "kind": "show", "source": "vc2", "destination": "vc3"}"#)))
        #expect(performed.eventLines.prefix(4) == ["vc2 shouldPerformSegue", "vc3 init", "vc3 awakeFromNib", "vc2 prepareForSegue"])
        #expect(performed["events"]?.arrayValue?.first?["args"] == (try JSONValue.parse(#"{"identifier": null, "sender": null}"#)))
        #expect(performed["stack"]?["path"] == (try JSONValue.parse(#"["vc1", "vc3"]"#)))
        // Its callbacks describe it by id too, in the answer and in the log, so that a client that
        // did not perform it (a window watching the events) can say which segue ran.
        let bySegueID = try JSONValue.parse(#"{"identifier": null, "id": "cell-1", "kind": "show", "source": "vc2", "destination": "vc3"}"#)
        let answered = performed["events"]?.arrayValue?.compactMap { $0["args"]?["segue"] }
        #expect(answered == [bySegueID, bySegueID], "prepareForSegue and performSegue")
        let first = try #require(performed["events"]?.arrayValue?.first?["seq"]?.intValue)
        let log = try service.handle(.make("GET", "/v1/sessions/\(id)/events", query: [("after", String(first - 1))])).json
        #expect(log["events"]?.arrayValue?.compactMap { $0["args"]?["segue"] } == [bySegueID, bySegueID])
    }

    /// Of two fields that name one thing two ways, one of another type is that one error, not also
    /// "missing" (the unwind's action and a code segue's scene were both, before one helper read them).
    @Test func alternativeFieldsOfAnotherType_areOneError() throws {
        let id = try service.demoSession()
        for (path, body, field) in [
            ("unwind", #"{"action": 5}"#, "action"), ("segues", #"{"kind": "show", "scene": 5}"#, "scene"),
            ("segues", #"{"id": 5}"#, "id"),
        ] {
            let response = service.handle(.make("POST", "/v1/sessions/\(id)/\(path)", json: body))
            try response.expectProblem(422, "invalid-request")
            #expect(try response.json["errors"]?.arrayValue?.map { $0["path"] } == [.string(field)], "\(body): \(response.text)")
        }
    }

    /// Interface Builder's Exit segues often have no identifier; they are performed by action, so
    /// they are listed (they once were left out, and walks of corpus storyboards could not find them).
    @Test func unwindsWithoutAnIdentifier_areListedAndPerformedByAction() throws {
        let storyboard = #"{"format": "segued.storyboard/1", "name": "Exit", "initialScene": "nav", "scenes": {"nav": {"kind": "navigationController", "root": "list"}, "list": {"unwindActions": ["backToList:"], "segues": [{"identifier": "open", "kind": "show", "destination": "item"}]}, "item": {"segues": [{"kind": "unwind", "action": "backToList:"}]}}}"#
        let uploaded = try service.handle(.make("POST", "/v1/storyboards", json: storyboard)).json
        let created = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(uploaded["id"]?.stringValue ?? "")"}"#))
        let id = try #require(created.json["id"]?.stringValue)
        #expect(service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "open"}"#)).status == 200)
        let body = try service.handle(.make("GET", "/v1/sessions/\(id)/segues")).json
        #expect(body["unwinds"] == (try JSONValue.parse(#"[{"source": "vc3", "scene": "item", "identifier": null, "id": null, "action": "backToList:"}]"#)))
        let unwind = try service.handle(.make("POST", "/v1/sessions/\(id)/unwind", json: #"{"action": "backToList:", "source": "vc3"}"#)).json
        #expect(unwind["performed"] == .bool(true))
        #expect(unwind["segue"] == (try JSONValue.parse(#"{"identifier": null, "id": null, "kind": "unwind", "source": "vc3", "destination": "vc2"}"#)))
        #expect(unwind["stack"]?["path"] == (try JSONValue.parse(#"["vc1", "vc2"]"#)))
    }
}

/// Found by schemathesis: `null` for a required field must be "missing", never a crash.
struct NullFieldTests {
    let service = SeguedService()

    @Test(arguments: [
        ("actions", #"{"type": "popTo", "target": null}"#, "target"),
        ("actions", #"{"type": "selectTab", "index": null}"#, "index"),
        ("actions", #"{"type": null}"#, "type"),
        ("actions", #"{"type": "push", "scene": null}"#, "storyboardIdentifier"),
        ("segues", #"{"kind": null, "scene": "itemDetail"}"#, "kind"),
        ("segues", #"{"kind": "show"}"#, "storyboardIdentifier"),
        ("segues", #"{"identifier": null}"#, "identifier"),
        ("unwind", #"{"action": null}"#, "action"),
    ])
    func nullRequiredFields_areMissing(_ path: String, _ body: String, _ field: String) throws {
        let id = try service.demoSession()
        let response = service.handle(.make("POST", "/v1/sessions/\(id)/\(path)", json: body))
        try response.expectProblem(422, "invalid-request")
        #expect(try response.json["errors"]?.arrayValue?.first?["path"]?.stringValue == field)
    }
}
