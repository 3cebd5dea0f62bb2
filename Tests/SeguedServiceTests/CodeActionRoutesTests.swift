import Foundation
import HTTPServer
import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// A bundle with sources: each control's `action` in the graph says what its method does (spec
/// §5.13), in the request shape of the API, so that a client performs it as it is written; the
/// graph loads back to the same storyboard.
struct CodeActionRoutesTests {
    let service = SeguedService()

    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
          <scenes>
            <scene sceneID="s1"><objects>
              <navigationController id="nav" sceneMemberID="viewController">
                <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/></connections>
              </navigationController>
            </objects></scene>
            <scene sceneID="s2"><objects>
              <viewController id="list" customClass="ListViewController" sceneMemberID="viewController">
                <navigationItem key="navigationItem" title="Items" id="n2">
                  <barButtonItem key="rightBarButtonItem" systemItem="add" id="i2">
                    <connections><segue destination="editNav" kind="presentation" identifier="add" id="g1"/></connections>
                  </barButtonItem>
                </navigationItem>
              </viewController>
            </objects></scene>
            <scene sceneID="s3"><objects>
              <navigationController id="editNav" sceneMemberID="viewController">
                <connections><segue destination="edit" kind="relationship" relationship="rootViewController" id="r2"/></connections>
              </navigationController>
            </objects></scene>
            <scene sceneID="s4"><objects>
              <viewController id="edit" customClass="EditViewController" sceneMemberID="viewController">
                <navigationItem key="navigationItem" title="Edit" id="n4">
                  <barButtonItem key="leftBarButtonItem" systemItem="cancel" id="i4">
                    <connections><action selector="cancel:" destination="edit" id="a1"/></connections>
                  </barButtonItem>
                  <barButtonItem key="rightBarButtonItem" systemItem="done" id="i5">
                    <connections><action selector="done:" destination="edit" id="a2"/></connections>
                  </barButtonItem>
                </navigationItem>
              </viewController>
            </objects></scene>
          </scenes>
        </document>
        """

    static let source = """
        import UIKit

        class EditViewController: UIViewController {
            var name = ""

            @IBAction func cancel(_ sender: Any) {
                dismiss(animated: true)
            }

            @IBAction func done(_ sender: Any) {
                guard !name.isEmpty else {
                    let alert = UIAlertController(title: "Name?", message: nil, preferredStyle: .alert)
                    present(alert, animated: true)
                    return
                }
                navigationController?.dismiss(animated: true, completion: nil)
            }
        }
        """

    func uploaded() throws -> (id: String, graph: JSONValue) {
        let bundle: JSONValue = .object([
            "name": .string("App"), "storyboards": .object(["Main": .string(Self.xml)]),
            "sources": .object(["Sources/EditViewController.swift": .string(Self.source)]),
        ])
        let upload = service.handle(Request(
            method: "POST", path: "/v1/storyboards", headers: ["content-type": "application/json"], body: Array(bundle.compactDescription.utf8)))
        #expect(upload.status == 201, "\(upload.text)")
        let id = try #require(upload.json["id"]?.stringValue)
        let graph = try #require(service.handle(.make("GET", "/v1/storyboards/\(id)")).json["storyboard"])
        return (id, graph)
    }

    @Test func graph_carriesEachItemsAction_andLoadsBackTheSame() throws {
        let (_, graph) = try uploaded()
        let item = graph["scenes"]?["edit"]?["ui"]?["navigationItem"]
        #expect(item?["leftItems"]?.arrayValue?.first == (try JSONValue.parse("""
            {"title": null, "systemItem": "cancel", "trigger": null,
             "action": {"selector": "cancel:", "source": "Sources/EditViewController.swift:6", "performs": [{"type": "dismiss"}]}}
            """)))
        #expect(item?["rightItems"]?.arrayValue?.first?["action"] == (try JSONValue.parse("""
            {"selector": "done:", "source": "Sources/EditViewController.swift:10", "performs": [
              {"type": "unread", "reason": "present(_:animated:) of alert: a controller made by UIAlertController(…), not instantiated from a storyboard", "when": "not (!name.isEmpty)"},
              {"type": "dismiss", "when": "!name.isEmpty"}]}
            """)))
        // A control without an action has no `action` member.
        #expect(graph["scenes"]?["list"]?["ui"]?["navigationItem"]?["rightItems"]?.arrayValue?.first?["action"] == nil)
        // Written back and loaded, the actions are the same.
        let reloaded = try StoryboardJSONLoader.load(graph)
        let items = reloaded.scenes[SceneID("edit")]?.ui?.navigationItem
        #expect(items?.leftItems.first?.action == CodeAction(selector: "cancel:", source: "Sources/EditViewController.swift:6", performs: [CodeOperation(.dismiss)]))
        #expect(items?.rightItems.first?.action?.performs.map(\.when) == ["not (!name.isEmpty)", "!name.isEmpty"])
    }

    /// Cancel's operation, sent as it is written, dismisses the sheet with the code's callbacks.
    @Test func cancelsOperation_isARequestTheAPIPerforms() throws {
        let (id, graph) = try uploaded()
        let session = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(id)"}"#))
        let sessionID = try #require(session.json["id"]?.stringValue)
        _ = service.handle(.make("POST", "/v1/sessions/\(sessionID)/segues", json: #"{"identifier": "add"}"#))
        let cancel = graph["scenes"]?["edit"]?["ui"]?["navigationItem"]?["leftItems"]?.arrayValue?.first
        let operation = try #require(cancel?["action"]?["performs"]?.arrayValue?.first)
        // The code calls it on the scene's own instance (vc4): the operation names it as its target.
        guard case .object(var request) = operation else { Issue.record("not an object: \(operation)"); return }
        request["target"] = .string("vc4")
        let response = service.handle(.make("POST", "/v1/sessions/\(sessionID)/actions", json: JSONValue.object(request).compactDescription))
        #expect(response.status == 200, "\(response.text)")
        let body = try response.json
        #expect(body["stack"]?["visible"]?.stringValue == "vc2")
        // UIKit forwards the call to the presenter (vc1), which dismisses the sheet it presents; a
        // page sheet's presenter does not appear again.
        #expect(body.eventLines == [
            "vc1 dismiss", "vc3 viewWillDisappear", "vc4 viewWillDisappear", "vc3 viewDidDisappear", "vc4 viewDidDisappear",
            "vc3 deinit", "vc4 deinit",
        ])
    }
}
