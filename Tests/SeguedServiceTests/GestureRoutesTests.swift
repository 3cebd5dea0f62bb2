import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

/// The gestures of spec §5.12 over HTTP: `interactivePop`, `pullDown`, `tapOutside` and `setTraits`
/// with a size; the stack's `transition` mid-gesture, the 409s around it, snapshots and forks of a
/// session mid-gesture, and a batch.
struct GestureRoutesTests {
    let service = SeguedService()

    func action(_ id: String, _ body: String) -> Response {
        service.handle(.make("POST", "/v1/sessions/\(id)/actions", json: body))
    }

    @Test func aSwipeBack_begunThenCancelled_saysSoInTheStack_andRefusesOtherChanges() throws {
        let id = try service.demoSession()
        _ = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#))
        let begun = try action(id, #"{"type": "interactivePop", "phase": "begin"}"#).json
        #expect(begun["performed"] == .bool(true))
        #expect(begun.eventLines == [
            "vc10 willMoveToParent", "vc10 viewWillDisappear", "vc3 viewWillAppear", "vc2 navigationControllerWillShow", "vc3 viewIsAppearing",
        ])
        let transition = try JSONValue.parse(#"{"kind": "interactivePop", "container": "vc2", "leaving": ["vc10"], "arriving": ["vc3"]}"#)
        #expect(begun["stack"] == (try JSONValue.parse(#"{"revision": 3, "visible": "vc10", "path": ["vc1", "vc2", "vc10"], "transition": \#(transition.compactDescription)}"#)))
        #expect(try service.handle(.make("GET", "/v1/sessions/\(id)/stack")).json["transition"] == transition)
        let before = service.handle(.make("GET", "/v1/sessions/\(id)/stack")).text
        try action(id, #"{"type": "pop"}"#).expectProblem(409, "transition-in-progress")
        try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem", "source": "vc10"}"#))
            .expectProblem(409, "transition-in-progress")
        try action(id, #"{"type": "pullDown", "phase": "finish"}"#).expectProblem(409, "transition-in-progress")
        #expect(service.handle(.make("GET", "/v1/sessions/\(id)/stack")).text == before)
        let cancelled = try action(id, #"{"type": "interactivePop", "phase": "cancel"}"#).json
        // The revealed side goes out whole, then the top comes back (wangling.me 2014, an iOS 7 log;
        // docs/behaviour-notes.md §5.12 rule 1).
        #expect(cancelled.eventLines == ["vc3 viewWillDisappear", "vc3 viewDidDisappear", "vc10 viewWillAppear", "vc10 viewIsAppearing", "vc10 viewDidAppear"])
        #expect(cancelled["stack"] == (try JSONValue.parse(#"{"revision": 4, "visible": "vc10", "path": ["vc1", "vc2", "vc10"]}"#)))
        #expect(try service.handle(.make("GET", "/v1/sessions/\(id)/stack")).json["transition"] == nil)
        try action(id, #"{"type": "interactivePop", "phase": "finish"}"#).expectProblem(409, "no-interactive-transition")
    }

    @Test func aSnapshotAndAForkTakenMidSwipe_continueTheSameSwipe() throws {
        let id = try service.demoSession()
        _ = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#))
        _ = action(id, #"{"type": "interactivePop", "phase": "begin"}"#)
        let snapshot = service.handle(.make("GET", "/v1/sessions/\(id)/snapshot"))
        #expect(try snapshot.json["transition"] == (try JSONValue.parse(#"{"kind": "interactivePop", "container": "vc2", "leaving": ["vc10"], "arriving": ["vc3"]}"#)))
        #expect(service.handle(.make("PUT", "/v1/sessions/restored", json: #"{"snapshot": \#(snapshot.text)}"#)).status == 201)
        #expect(service.handle(.make("PUT", "/v1/sessions/forked", json: #"{"from": "\#(id)"}"#)).status == 201)
        let original = action(id, #"{"type": "interactivePop", "phase": "finish"}"#)
        #expect(try original.json.eventLines == [
            "vc10 viewDidDisappear", "vc3 viewDidAppear", "vc10 didMoveToParent", "vc2 navigationControllerDidShow", "vc10 deinit",
        ])
        for copy in ["restored", "forked"] {
            let finished = action(copy, #"{"type": "interactivePop", "phase": "finish"}"#)
            #expect(try finished.json.eventLines == (try original.json.eventLines), "\(copy)")
        }
    }

    @Test func aTamperedTransition_isRefusedOnRestore() throws {
        let id = try service.demoSession()
        _ = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#))
        _ = action(id, #"{"type": "interactivePop", "phase": "begin"}"#)
        let text = service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).text
        let tampered = text.replacingOccurrences(of: #""arriving":["vc3"]"#, with: #""arriving":[]"#)
        #expect(tampered != text)
        try service.handle(.make("PUT", "/v1/sessions/bad", json: #"{"snapshot": \#(tampered)}"#)).expectProblem(422, "invalid-snapshot")
        let unknown = text.replacingOccurrences(of: #""kind":"interactivePop""#, with: #""kind":"pinch""#)
        try service.handle(.make("PUT", "/v1/sessions/bad", json: #"{"snapshot": \#(unknown)}"#)).expectProblem(422, "invalid-request")
    }

    @Test func aPulledSheet_asksTheDelegate_andAModalOneStays() throws {
        let id = try service.demoSession()
        _ = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "addItem"}"#))
        let refused = try action(id, #"{"type": "pullDown", "phase": "begin", "modalInPresentation": true}"#).json
        #expect(refused["performed"] == .bool(false))
        #expect(refused["reason"]?.stringValue == "modalInPresentation")
        #expect(refused.eventLines == ["vc10 presentationControllerDidAttemptToDismiss"])
        let begun = try action(id, #"{"type": "pullDown", "phase": "begin"}"#).json
        #expect(begun.eventLines == [
            "vc10 presentationControllerShouldDismiss", "vc10 presentationControllerWillDismiss", "vc10 viewWillDisappear", "vc11 viewWillDisappear",
        ])
        let finished = try action(id, #"{"type": "pullDown", "phase": "finish"}"#).json
        #expect(finished.eventLines == [
            "vc10 viewDidDisappear", "vc11 viewDidDisappear", "vc10 presentationControllerDidDismiss", "vc10 deinit", "vc11 deinit",
        ])
        #expect(finished["stack"]?["path"] == (try JSONValue.parse(#"["vc1", "vc2", "vc3"]"#)))
    }

    @Test func aRotation_sendsTheSize_andBadSizesAre422() throws {
        let id = try service.demoSession()
        let rotated = try action(id, #"{"type": "setTraits", "size": {"width": 844, "height": 390}}"#).json
        #expect(rotated.eventLines == ["vc1 viewWillTransitionToSize", "vc2 viewWillTransitionToSize", "vc3 viewWillTransitionToSize"])
        #expect(rotated["events"]?.arrayValue?.first?["args"] == (try JSONValue.parse(#"{"size": {"width": 844, "height": 390}}"#)))
        try action(id, #"{"type": "setTraits", "size": {"width": 0, "height": 390}}"#).expectProblem(422, "invalid-request")
        try action(id, #"{"type": "setTraits", "size": {"width": 844}}"#).expectProblem(422, "invalid-request")
    }

    /// A Max-class iPhone turned is regular width (docs/behaviour-notes.md §5.12 rule 8): with no size
    /// class given, the library tab's split expands; a 390-point iPhone turned stays compact.
    @Test func aMaxPhoneTurned_becomesRegularWidth() throws {
        let id = try service.demoSession()
        _ = try action(id, #"{"type": "selectTab", "index": 2}"#).json
        let turned = try action(id, #"{"type": "setTraits", "idiom": "phone", "size": {"width": 932, "height": 430}}"#).json
        let lines = turned.eventLines
        #expect(lines.first == "vc1 willTransitionToTraitCollection")
        #expect(lines.contains("vc1 viewWillTransitionToSize") && lines.last?.hasSuffix("traitCollectionDidChange") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("vc6 ") && $0.hasSuffix("expandPrimary") } || lines.contains("vc6 separateSecondary"), "\(lines)")
        let upright = try action(id, #"{"type": "setTraits", "idiom": "phone", "size": {"width": 430, "height": 932}}"#).json
        #expect(upright.eventLines.contains("vc6 collapseSecondary"), "\(upright.eventLines)")
        let small = try action(id, #"{"type": "setTraits", "idiom": "phone", "size": {"width": 844, "height": 390}}"#).json
        #expect(Set(small.eventLines.map { $0.split(separator: " ")[1] }) == ["viewWillTransitionToSize"], "\(small.eventLines)")
    }

    /// A segue performed in code from an instance off screen that presents: performed, its destination
    /// made, prepared and released, the present doing nothing; tapped, it stays 409 (rule 7).
    @Test func aCodeSegueFromOffScreen_isPerformedAndPresentsNothing() throws {
        let id = try service.demoSession()
        _ = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#))
        let body = try service.handle(.make(
            "POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "addItem", "source": "vc3", "trigger": "programmatic"}"#)).json
        #expect(body["performed"] == .bool(true))
        #expect(body.eventLines == [
            "vc11 init", "vc11 awakeFromNib", "vc12 init", "vc12 awakeFromNib", "vc12 willMoveToParent", "vc12 didMoveToParent",
            "vc3 prepareForSegue", "vc3 performSegue", "vc3 present", "vc11 deinit", "vc12 deinit",
        ])
        #expect(body["stack"]?["path"] == (try JSONValue.parse(#"["vc1", "vc2", "vc10"]"#)))
        try service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "addItem", "source": "vc3"}"#))
            .expectProblem(409, "not-in-window-hierarchy")
    }

    @Test func aPresentFromOffScreen_isNotPerformed() throws {
        let id = try service.demoSession()
        let body = try action(id, #"{"type": "present", "storyboardIdentifier": "About", "from": "vc5"}"#).json
        #expect(body["performed"] == .bool(false))
        #expect(body["reason"]?.stringValue == "notInWindowHierarchy")
        #expect(body["events"] == .array([]))
        #expect(body["revision"]?.intValue == 1)
    }

    @Test func aBatch_swipesBackAndCancels() throws {
        let id = try service.demoSession()
        let response = service.handle(.make("POST", "/v1/sessions/\(id)/batch", json: """
            {"operations": [{"op": "segue", "identifier": "showItem"}, {"op": "action", "type": "interactivePop", "phase": "begin"},
                            {"op": "action", "type": "interactivePop", "phase": "cancel"}]}
            """))
        #expect(response.status == 200, "\(response.text)")
        let results = try #require(try response.json["results"]?.arrayValue)
        #expect(results.map { $0["performed"] } == [.bool(true), .bool(true), .bool(true)])
        #expect(results[1]["stack"]?["transition"]?["kind"] == .string("interactivePop"))
        #expect(results[2]["stack"] == (try JSONValue.parse(#"{"revision": 4, "visible": "vc10", "path": ["vc1", "vc2", "vc10"]}"#)))
    }
}
