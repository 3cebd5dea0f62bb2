import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

/// `POST …/actions {"type": "tap"}` on a static table's cell (spec §5.13): the cell performs what
/// its own section and row does in the table's selection method, with no `choice-required`. On
/// GoMap's display settings (its storyboard and `DisplayViewController`'s selection, ISC; see
/// Tests/StoryboardTests/Fixtures/CellRows), presented from a map screen of ours.
struct CellRowTapTests {
    let service = SeguedService()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("StoryboardTests/Fixtures/CellRows")

    static let main = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
          <scenes>
            <scene sceneID="s1"><objects>
              <navigationController id="nav" sceneMemberID="viewController">
                <connections><segue destination="map" kind="relationship" relationship="rootViewController" id="r1"/></connections>
              </navigationController>
            </objects></scene>
            <scene sceneID="s2"><objects>
              <viewController id="map" sceneMemberID="viewController">
                <navigationItem key="navigationItem" title="Map" id="n2">
                  <barButtonItem key="rightBarButtonItem" title="Display" id="i1">
                    <connections><segue destination="ref" kind="presentation" id="g1"/></connections>
                  </barButtonItem>
                </navigationItem>
              </viewController>
            </objects></scene>
            <scene sceneID="s3"><objects>
              <viewControllerPlaceholder storyboardName="Display" referencedIdentifier="DisplayViewController" id="ref" sceneMemberID="viewController"/>
            </objects></scene>
          </scenes>
        </document>
        """

    func upload() throws -> String {
        let bundle = JSONValue.object([
            "name": .string("GoMapDisplay"),
            "storyboards": .object([
                "Main": .string(Self.main),
                "Display": .string(try String(contentsOf: Self.fixtures.appendingPathComponent("Display.storyboard"), encoding: .utf8)),
            ]),
            "sources": .object([
                "src/iOS/DisplaySettings/DisplayViewController.swift":
                    .string(try String(contentsOf: Self.fixtures.appendingPathComponent("DisplayViewController.swift"), encoding: .utf8)),
            ]),
        ])
        let response = service.handle(Request(
            method: "POST", path: "/v1/storyboards", headers: ["content-type": "application/json"], body: Array(bundle.compactDescription.utf8)))
        #expect(response.status == 201, "\(response.text)")
        return try #require(response.json["id"]?.stringValue)
    }

    func tap(_ session: String, _ control: String) -> Response {
        service.handle(.make("POST", "/v1/sessions/\(session)/actions", json: #"{"type": "tap", "control": "\#(control)"}"#))
    }

    /// A session showing the display settings: vc1 the navigation controller (vc2 the map in it),
    /// vc3 the settings' navigation controller, vc4 `DisplayViewController`.
    func sessionWithSettings(_ storyboard: String) throws -> String {
        let created = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(storyboard)"}"#))
        let session = try #require(created.json["id"]?.stringValue)
        let shown = tap(session, "Display")
        #expect(shown.status == 200, "\(shown.text)")
        #expect(try shown.json["stack"]?["path"] == JSONValue.parse(#"["vc1", "vc3", "vc4"]"#))
        return session
    }

    /// "Aerial only" is row 2 of section 0 (`BACKGROUND_SECTION`): `onDone(nil)` dismisses, exactly
    /// as `dismiss(animated:)` on the settings would, with no question which condition holds.
    @Test func aBackgroundRow_dismissesWithoutAChoice() throws {
        let storyboard = try upload()
        let session = try sessionWithSettings(storyboard)
        let response = tap(session, "Aerial only")
        #expect(response.status == 200, "\(response.text)")
        let body = try response.json
        #expect(body["performed"] == .bool(true))
        #expect(body["tap"] == (try JSONValue.parse("""
            {"control": "Aerial only", "selector": "tableView:didSelectRowAt:", "source": "src/iOS/DisplaySettings/DisplayViewController.swift:10", "when": null}
            """)))
        #expect(body.eventLines == [
            "vc1 dismiss", "vc3 viewWillDisappear", "vc4 viewWillDisappear", "vc3 viewDidDisappear", "vc4 viewDidDisappear",
            "vc3 deinit", "vc4 deinit",
        ])
        #expect(body["stack"]?["visible"]?.stringValue == "vc2")
        let other = try sessionWithSettings(storyboard)
        let dismiss = service.handle(.make("POST", "/v1/sessions/\(other)/actions", json: #"{"type": "dismiss", "target": "vc4"}"#))
        #expect(try dismiss.json["events"] == body["events"])
    }

    /// "Map Rotation" (section 4) selects nothing that navigates: the code runs, nothing moves.
    @Test func anotherRow_runsAppCodeOnly() throws {
        let session = try sessionWithSettings(try upload())
        let response = tap(session, "Map Rotation")
        #expect(response.status == 200, "\(response.text)")
        let body = try response.json
        #expect(body["performed"] == .bool(false))
        #expect(body["reason"]?.stringValue == "runsAppCodeOnly")
        #expect(body.eventLines == [])
        #expect(body["stack"]?["path"] == (try JSONValue.parse(#"["vc1", "vc3", "vc4"]"#)))
    }
}
