import HTTPServer
import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// An app whose controls tap as its code would (spec §5.13): a list in a navigation controller
/// with a segue-wired Add, a Detail pushed by code, two Edit buttons, a Save that navigates
/// nowhere; a sheet with Cancel (dismiss) and Done (an alternative, and an alert that cannot be
/// read); a detail whose Twice pops then pushes a scene the storyboard does not have.
enum TapFixture {
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
                <view key="view" id="v2"><subviews>
                  <label id="l1" text="Title"/>
                  <button id="b1"><state key="normal" title="Edit"/>
                    <connections><action selector="editA:" destination="list" eventType="touchUpInside" id="a3"/></connections>
                  </button>
                  <button id="b2"><state key="normal" title="Edit"/>
                    <connections><action selector="editB:" destination="list" eventType="touchUpInside" id="a4"/></connections>
                  </button>
                  <button id="b3"><state key="normal" title="Save"/>
                    <connections><action selector="save:" destination="list" eventType="touchUpInside" id="a5"/></connections>
                  </button>
                </subviews></view>
                <navigationItem key="navigationItem" title="Items" id="n2">
                  <barButtonItem key="leftBarButtonItem" title="Detail" id="i1">
                    <connections><action selector="openDetail:" destination="list" id="a6"/></connections>
                  </barButtonItem>
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
            <scene sceneID="s5"><objects>
              <viewController storyboardIdentifier="Detail" id="detail" customClass="DetailViewController" sceneMemberID="viewController">
                <view key="view" id="v5"><subviews>
                  <button id="b5"><state key="normal" title="Twice"/>
                    <connections><action selector="twice:" destination="detail" eventType="touchUpInside" id="a7"/></connections>
                  </button>
                </subviews></view>
              </viewController>
            </objects></scene>
          </scenes>
        </document>
        """

    static let sources: [String: String] = [
        "Sources/EditViewController.swift": """
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
            """,
        "Sources/ListViewController.swift": """
            import UIKit

            class ListViewController: UIViewController {
                @IBAction func editA(_ sender: Any) {
                    performSegue(withIdentifier: "add", sender: self)
                }

                @IBAction func editB(_ sender: Any) {
                    print("editing")
                }

                @IBAction func save(_ sender: Any) {
                    UserDefaults.standard.set(true, forKey: "saved")
                }

                @IBAction func openDetail(_ sender: Any) {
                    let detail = storyboard!.instantiateViewController(withIdentifier: "Detail")
                    navigationController?.pushViewController(detail, animated: true)
                }
            }
            """,
        "Sources/DetailViewController.swift": """
            import UIKit

            class DetailViewController: UIViewController {
                @IBAction func twice(_ sender: Any) {
                    navigationController?.popViewController(animated: true)
                    let next = storyboard!.instantiateViewController(withIdentifier: "Missing")
                    navigationController?.pushViewController(next, animated: true)
                }
            }
            """,
    ]

    /// Uploads the app to `service`; its storyboard id.
    static func upload(to service: SeguedService) throws -> String {
        let bundle: JSONValue = .object([
            "name": .string("Tappable"), "storyboards": .object(["Main": .string(xml)]),
            "sources": .object(sources.mapValues(JSONValue.string)),
        ])
        let upload = service.handle(Request(
            method: "POST", path: "/v1/storyboards", headers: ["content-type": "application/json"], body: Array(bundle.compactDescription.utf8)))
        #expect(upload.status == 201, "\(upload.text)")
        return try #require(upload.json["id"]?.stringValue)
    }

    /// A session of the app on `service`; its id.
    static func session(on service: SeguedService, storyboard: String) throws -> String {
        let session = service.handle(.make("POST", "/v1/sessions", json: #"{"storyboard": "\#(storyboard)"}"#))
        #expect(session.status == 201, "\(session.text)")
        return try #require(session.json["id"]?.stringValue)
    }
}
