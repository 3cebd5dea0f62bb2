import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

/// Issue 19: `POST …/segues` performs unwind segues too (TN2298), a request without `source` is sent
/// by the touchable instance that has the segue, and what UIKit silently does nothing for answers
/// `performed: false` (spec §5.10 step 0, api.md on `source`, spec §6).
struct SegueRequestRoutesTests {
    let service = SeguedService()

    func post(_ id: String, _ path: String, _ json: String) throws -> JSONValue {
        let response = service.handle(.make("POST", "/v1/sessions/\(id)/\(path)", json: json))
        #expect(response.status == 200, "\(json): \(response.text)")
        return try response.json
    }

    @Test func anUnwindSegueIdentifier_performsThatUnwind_withTheSegueRequestsTriggerRules() throws {
        let id = try service.demoSession()
        _ = try post(id, "segues", #"{"identifier": "addItem"}"#)
        let cancel = try post(id, "segues", #"{"identifier": "cancel", "sender": "cancelButton"}"#)
        #expect(cancel["performed"] == .bool(true))
        #expect(cancel["segue"] == (try JSONValue.parse(#"{"identifier": "cancel", "id": null, "kind": "unwind", "source": "vc11", "destination": "vc3"}"#)))
        #expect(cancel["destination"]?.stringValue == "vc3")
        #expect(cancel["search"]?.arrayValue?.isEmpty == false)
        // Triggered as the storyboard would: asked first, with the request's sender.
        #expect(cancel["events"]?.arrayValue?.first == (try JSONValue.parse(#"{"seq": 79, "vc": "vc11", "scene": "editItem", "class": "EditItemViewController", "method": "shouldPerformSegue", "args": {"identifier": "cancel", "sender": "cancelButton"}, "result": true}"#)))
        #expect(cancel["stack"]?["path"] == (try JSONValue.parse(#"["vc1", "vc2", "vc3"]"#)))

        _ = try post(id, "segues", #"{"identifier": "addItem"}"#)
        let save = try post(id, "segues", #"{"identifier": "save", "trigger": "programmatic", "data": {"title": "Milk"}}"#)
        #expect(save["performed"] == .bool(true))
        #expect(save["destination"]?.stringValue == "vc3")
        #expect(save.eventLines.contains("vc13 shouldPerformSegue") == false)
        #expect(save.eventLines.contains("vc3 unwindAction"))

        _ = try post(id, "segues", #"{"identifier": "addItem"}"#)
        let vetoed = try post(id, "segues", #"{"identifier": "save", "shouldPerform": false}"#)
        #expect(vetoed["performed"] == .bool(false))
        #expect(vetoed["reason"]?.stringValue == "shouldPerformSegueReturnedFalse")
        // The unwind endpoint still refuses a forward segue.
        try service.handle(.make("POST", "/v1/sessions/\(id)/unwind", json: #"{"identifier": "showItem", "source": "vc3"}"#))
            .expectProblem(409, "wrong-segue-kind")
    }

    @Test func aSplitViewOnIPad_performsItsMastersSegue_withoutASource() throws {
        let id = try service.demoSession(#", "traits": {"idiom": "pad"}"#)
        _ = try post(id, "actions", #"{"type": "selectTab", "index": 2}"#)
        let stack = try service.handle(.make("GET", "/v1/sessions/\(id)/stack")).json
        #expect(stack["visible"]?.stringValue == "vc9")
        let offered = try service.handle(.make("GET", "/v1/sessions/\(id)/segues")).json
        #expect(offered["segues"]?.arrayValue?.map { $0["source"] } == [.string("vc8")])
        let body = try post(id, "segues", #"{"identifier": "showBook"}"#)
        #expect(body["segue"] == (try JSONValue.parse(#"{"identifier": "showBook", "id": null, "kind": "showDetail", "source": "vc8", "destination": "vc10"}"#)))
        #expect(body["stack"]?["path"] == (try JSONValue.parse(#"["vc1", "vc6", "vc10"]"#)))
    }

    @Test func anEmbeddedChildsSegue_isPerformedByTheChild_withoutASource() throws {
        let storyboard = #"{"format": "segued.storyboard/1", "name": "Embedded", "initialScene": "nav", "scenes": {"nav": {"kind": "navigationController", "root": "container"}, "container": {"segues": [{"identifier": "embedBody", "kind": "embed", "destination": "body"}]}, "body": {"class": "BodyViewController", "segues": [{"identifier": "open", "kind": "show", "destination": "page"}]}, "page": {}}}"#
        let uploaded = try service.handle(.make("POST", "/v1/storyboards", json: storyboard)).json
        let created = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(uploaded["id"]?.stringValue ?? "")"}"#))
        let id = try #require(created.json["id"]?.stringValue)
        let body = try post(id, "segues", #"{"identifier": "open"}"#)
        #expect(body["segue"] == (try JSONValue.parse(#"{"identifier": "open", "id": null, "kind": "show", "source": "vc3", "destination": "vc4"}"#)))
        #expect(body["stack"]?["path"] == (try JSONValue.parse(#"["vc1", "vc4"]"#)))
        // No touchable instance has it: the error names the visible instance's scene.
        let missing = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "nowhere"}"#))
        try missing.expectProblem(404, "unknown-segue")
        #expect(try missing.json["detail"] == .string(#"Receiver (scene "page") has no segue with identifier 'nowhere'"#))
    }

    /// A current-context presentation hosted by an embedded child is on the stack's path, so the
    /// next request without source is sent by the presented instance; the covered child is no
    /// candidate, its uncovered sibling is.
    @Test func thePath_reachesACurrentContextPresentationInsideAnEmbeddedChild() throws {
        let storyboard = #"{"format": "segued.storyboard/1", "name": "Panels", "initialScene": "dashboard", "scenes": {"dashboard": {"segues": [{"identifier": "embedPanel", "kind": "embed", "destination": "panel"}, {"identifier": "embedSide", "kind": "embed", "destination": "side"}]}, "panel": {"definesPresentationContext": true, "unwindActions": ["closeOverlay:"], "segues": [{"identifier": "overlay", "kind": "presentation", "destination": "overlay", "modalPresentationStyle": "currentContext"}]}, "side": {"segues": [{"identifier": "note", "kind": "presentation", "destination": "note", "modalPresentationStyle": "formSheet"}]}, "overlay": {"segues": [{"identifier": "close", "kind": "unwind", "action": "closeOverlay:"}]}, "note": {}}}"#
        let uploaded = try service.handle(.make("POST", "/v1/storyboards", json: storyboard)).json
        let created = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(uploaded["id"]?.stringValue ?? "")", "traits": {"idiom": "pad"}}"#))
        let id = try #require(created.json["id"]?.stringValue)
        let overlay = try post(id, "segues", #"{"identifier": "overlay"}"#)
        #expect(overlay["segue"]?["source"]?.stringValue == "vc2")
        let stack = try service.handle(.make("GET", "/v1/sessions/\(id)/stack")).json
        #expect(stack["visible"]?.stringValue == "vc4")
        #expect(stack["path"] == (try JSONValue.parse(#"["vc1", "vc2", "vc4"]"#)))
        #expect(stack["layers"]?.arrayValue?.last?["presentation"]?["presenting"]?.stringValue == "vc2")
        // The overlay's unwind first, then the uncovered sibling's segue; the covered panel's is not offered by default.
        let offered = try service.handle(.make("GET", "/v1/sessions/\(id)/segues")).json
        #expect(offered["unwinds"]?.arrayValue?.map { $0["source"] } == [.string("vc4")])
        #expect(offered["segues"]?.arrayValue?.map { $0["source"] } == [.string("vc3")])
        try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "overlay"}"#)).expectProblem(404, "unknown-segue")
        let close = try post(id, "segues", #"{"identifier": "close"}"#)
        #expect(close["segue"] == (try JSONValue.parse(#"{"identifier": "close", "id": null, "kind": "unwind", "source": "vc4", "destination": "vc2"}"#)))
        #expect(close["stack"]?["path"] == (try JSONValue.parse(#"["vc1"]"#)))
    }

    @Test func uikitsSilentNoOps_areNotPerformed_andChangeNothing() throws {
        let id = try service.demoSession()
        for (action, reason) in [
            (#"{"type": "pop"}"#, "nothingToPop"), (#"{"type": "back"}"#, "nothingToPop"),
            (#"{"type": "popToRoot"}"#, "nothingToChange"), (#"{"type": "dismiss"}"#, "nothingToDismiss"),
            (#"{"type": "dismiss", "target": "vc1"}"#, "nothingToDismiss"),
            (#"{"type": "selectTab", "index": 0, "byUser": false}"#, "nothingToChange"),
        ] {
            let response = service.handle(.make("POST", "/v1/sessions/\(id)/actions", json: action))
            #expect(response.status == 200, "\(action): \(response.text)")
            #expect(response.header("ETag") == "\"1\"")
            let body = try response.json
            #expect(body["performed"] == .bool(false), "\(action)")
            #expect(body["reason"]?.stringValue == reason, "\(action)")
            #expect(body["events"] == .array([]), "\(action)")
        }
        let session = try service.handle(.make("GET", "/v1/sessions/\(id)")).json
        #expect(session["revision"]?.intValue == 1)
        #expect(session["lastEventSeq"]?.intValue == 55)
    }

    /// spec §5.5 (device log): `dismiss` on an instance whose ancestor presents removes that
    /// presentation only; a second one dismisses the presentation the instance is in.
    @Test func dismiss_actsOnWhatTheInstanceOrItsAncestorsPresent() throws {
        let id = try service.demoSession()
        _ = try post(id, "segues", #"{"identifier": "showItem"}"#)
        _ = try post(id, "actions", #"{"type": "present", "storyboardIdentifier": "EditForm", "modalPresentationStyle": "fullScreen"}"#)
        _ = try post(id, "actions", #"{"type": "present", "storyboardIdentifier": "EditForm", "from": "vc12", "modalPresentationStyle": "fullScreen"}"#)
        #expect(try service.handle(.make("GET", "/v1/sessions/\(id)/stack")).json["path"] == (try JSONValue.parse(#"["vc1", "vc11", "vc13", "vc14"]"#)))
        let first = try post(id, "actions", #"{"type": "dismiss", "target": "vc12"}"#)
        #expect(first.eventLines.first == "vc11 dismiss")
        #expect(first["stack"]?["path"] == (try JSONValue.parse(#"["vc1", "vc11", "vc12"]"#)))
        let second = try post(id, "actions", #"{"type": "dismiss", "target": "vc12"}"#)
        #expect(second.eventLines.first == "vc1 dismiss")
        #expect(second["stack"]?["path"] == (try JSONValue.parse(#"["vc1", "vc2", "vc10"]"#)))
    }
}
