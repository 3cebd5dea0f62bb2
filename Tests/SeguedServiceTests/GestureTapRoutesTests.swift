import Foundation
import HTTPServer
import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// `POST …/actions {"type": "tap"}` on a gesture recognizer (spec §5.13): the recognizer's action
/// or segue performed as a tap performs a button's, whatever its gesture. duckduckgo/iOS's
/// DaxOnboarding storyboard and ActionSheetDaxDialogViewController's source (StoryboardTests'
/// Fixtures/Gestures, with their origin and license), presented from a scene of ours whose label
/// has a swipe that triggers a segue.
struct GestureTapRoutesTests {
    let service = SeguedService()

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("StoryboardTests/Fixtures/Gestures")

    static let main = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" initialViewController="home">
          <scenes>
            <scene sceneID="s1"><objects>
              <viewController id="home" sceneMemberID="viewController">
                <view key="view" id="v1"><subviews>
                  <button id="b1"><state key="normal" title="Fire"/>
                    <connections><segue destination="sheet" kind="presentation" id="g1"/></connections>
                  </button>
                  <label text="Tips" id="l1">
                    <connections><outletCollection property="gestureRecognizers" destination="swipe" appends="YES" id="o1"/></connections>
                  </label>
                </subviews></view>
              </viewController>
              <swipeGestureRecognizer direction="up" id="swipe">
                <connections><segue destination="sheet" kind="presentation" modalPresentationStyle="fullScreen" id="g2"/></connections>
              </swipeGestureRecognizer>
            </objects></scene>
            <scene sceneID="s2"><objects>
              <viewControllerPlaceholder storyboardName="DaxOnboarding" referencedIdentifier="ActionSheetDaxDialog" id="sheet" sceneMemberID="viewController"/>
            </objects></scene>
          </scenes>
        </document>
        """

    func upload() throws -> String {
        let source = "DuckDuckGo/ActionSheetDaxDialogViewController.swift"
        let bundle = JSONValue.object([
            "name": .string("Gestures"),
            "storyboards": .object([
                "Main": .string(Self.main),
                "DaxOnboarding": .string(try String(contentsOf: Self.fixtures.appendingPathComponent("DaxOnboarding.storyboard"), encoding: .utf8)),
            ]),
            "sources": .object([
                source: .string(try String(contentsOf: Self.fixtures.appendingPathComponent("ActionSheetDaxDialogViewController.swift"), encoding: .utf8)),
            ]),
        ])
        let upload = service.handle(Request(
            method: "POST", path: "/v1/storyboards", headers: ["content-type": "application/json"], body: Array(bundle.compactDescription.utf8)))
        #expect(upload.status == 201, "\(upload.text)")
        return try #require(upload.json["id"]?.stringValue)
    }

    func session(_ storyboard: String) throws -> String {
        try TapFixture.session(on: service, storyboard: storyboard)
    }

    func tap(_ session: String, _ body: String) -> Response {
        service.handle(.make("POST", "/v1/sessions/\(session)/actions", json: body))
    }

    /// The swipe on Tips presents the action sheet full screen: the answer is its segue's, as
    /// `POST …/segues {"id"}` with the storyboard's trigger, but for `tap`.
    @Test func swipe_performsItsSegue_asTheStoryboardDoes() throws {
        let storyboard = try upload()
        let swiped = tap(try session(storyboard), #"{"type": "tap", "control": "Swipe up on Tips"}"#)
        let segue = service.handle(.make("POST", "/v1/sessions/\(try session(storyboard))/segues", json: #"{"id": "g2"}"#))
        #expect(swiped.status == 200 && segue.status == 200, "\(swiped.text)")
        guard case .object(var swipedBody) = try swiped.json, case .object(let segueBody) = try segue.json else {
            Issue.record("not objects"); return
        }
        #expect(swipedBody.removeValue(forKey: "tap") == (try JSONValue.parse(
            #"{"control": "Swipe up on Tips", "selector": null, "source": null, "when": null}"#)))
        #expect(swipedBody == segueBody)
        #expect(JSONValue.object(segueBody).eventLines.first == "vc1 shouldPerformSegue")
        #expect(JSONValue.object(segueBody)["stack"]?["path"] == (try JSONValue.parse(#"["vc1", "vc2"]"#)))
    }

    /// The tap outside the dialog: `onTapOutside:`'s `guard` makes its `dismiss(animated: true)`
    /// an alternative, so the tap asks which; chosen, the sheet goes with exactly the callbacks of
    /// the code's `dismiss(animated:)` on it.
    @Test func tapOutside_asksTheCondition_thenDismissesAsTheCode() throws {
        let storyboard = try upload()
        let label = "Tap on HighlightCutOutView"
        func presented() throws -> String {
            let id = try self.session(storyboard)
            let fire = tap(id, #"{"type": "tap", "control": "Fire"}"#)
            #expect(fire.status == 200, "\(fire.text)")
            #expect(try fire.json["stack"]?["path"] == JSONValue.parse(#"["vc1", "vc2"]"#))
            return id
        }
        let session = try presented()
        let missing = tap(session, #"{"type": "tap", "control": "\#(label)"}"#)
        #expect(missing.status == 409)
        #expect(try missing.json["type"]?.stringValue == "urn:segued:problem:choice-required")
        #expect(try missing.json["choices"] == JSONValue.parse(#"["daxDialogViewController?.isFinished ?? true"]"#))
        let chosen = tap(session, #"{"type": "tap", "control": "\#(label)", "when": "daxDialogViewController?.isFinished ?? true"}"#)
        #expect(chosen.status == 200, "\(chosen.text)")
        let body = try chosen.json
        #expect(body["performed"] == .bool(true))
        // A sheet (the segue's default presentation): the presenter stays and gets no appearance
        // callbacks; vc3 is the dialog the sheet embeds.
        #expect(body.eventLines == [
            "vc1 dismiss", "vc2 viewWillDisappear", "vc3 viewWillDisappear", "vc2 viewDidDisappear", "vc3 viewDidDisappear",
            "vc2 deinit", "vc3 deinit",
        ])
        #expect(body["stack"]?["path"] == (try JSONValue.parse(#"["vc1"]"#)))
        #expect(try body["tap"] == JSONValue.parse("""
            {"control": "\(label)", "selector": "onTapOutside:",
             "source": "DuckDuckGo/ActionSheetDaxDialogViewController.swift:91", "when": "daxDialogViewController?.isFinished ?? true"}
            """))
        // Exactly what the code's dismiss(animated:) on the sheet answers.
        let other = try presented()
        let dismiss = service.handle(.make("POST", "/v1/sessions/\(other)/actions", json: #"{"type": "dismiss", "target": "vc2"}"#))
        #expect(try dismiss.json["events"] == body["events"])
    }
}
