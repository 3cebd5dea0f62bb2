import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
import SeguedClient

/// Taps through the generated client (issue 50): an app uploaded with its sources (a bundle's
/// `sources`), its controls tapped with `act` and a `TapAction`, each answer's typed `tap` and each
/// refusal's problem (`choices`, `reasons`, `controls`) checked; exit 1 on the first difference.
extension Demo {
    static let storyboard = """
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
                  <button id="b1"><state key="normal" title="Open"/>
                    <connections><action selector="open:" destination="list" eventType="touchUpInside" id="a1"/></connections>
                  </button>
                  <button id="b2"><state key="normal" title="Save"/>
                    <connections><action selector="save:" destination="list" eventType="touchUpInside" id="a2"/></connections>
                  </button>
                </subviews></view>
                <navigationItem key="navigationItem" title="List" id="n2">
                  <barButtonItem key="rightBarButtonItem" title="Done" id="i1">
                    <connections><action selector="done:" destination="list" id="a3"/></connections>
                  </barButtonItem>
                </navigationItem>
              </viewController>
            </objects></scene>
            <scene sceneID="s3"><objects>
              <viewController storyboardIdentifier="Detail" id="detail" customClass="DetailViewController" sceneMemberID="viewController">
                <view key="view" id="v3"><subviews>
                  <button id="b3"><state key="normal" title="Close"/>
                    <connections><action selector="close:" destination="detail" eventType="touchUpInside" id="a4"/></connections>
                  </button>
                </subviews></view>
              </viewController>
            </objects></scene>
          </scenes>
        </document>
        """

    static let sources = [
        "Sources/ListViewController.swift": """
            import UIKit

            class ListViewController: UIViewController {
                var ready = false

                @IBAction func open(_ sender: Any) {
                    let detail = storyboard!.instantiateViewController(withIdentifier: "Detail")
                    navigationController?.pushViewController(detail, animated: true)
                }

                @IBAction func save(_ sender: Any) {
                    ready = true
                }

                @IBAction func done(_ sender: Any) {
                    if ready {
                        navigationController?.popToRootViewController(animated: true)
                    } else {
                        present(UIAlertController(title: "Save first", message: nil, preferredStyle: .alert), animated: true)
                    }
                }
            }
            """,
        "Sources/DetailViewController.swift": """
            import UIKit

            class DetailViewController: UIViewController {
                @IBAction func close(_ sender: Any) {
                    navigationController?.popViewController(animated: true)
                }
            }
            """,
    ]

    /// A tap's answer, or the status and problem it was refused with.
    static func tap(
        _ client: Client, _ session: String, _ control: String, when: String? = nil
    ) async throws -> Result<Components.Schemas.Transcript, Refusal> {
        let action = Components.Schemas.TapAction(_type: try OpenAPIValueContainer(unvalidatedValue: "tap"), control: control, when: when)
        switch try await client.act(path: .init(id: session), body: .json(.tap(action))) {
        case .ok(let answer): return .success(try answer.body.json)
        case .default(let status, let problem): return .failure(Refusal(status: status, problem: try problem.body.applicationProblemJson))
        }
    }

    struct Refusal: Error {
        var status: Int
        var problem: Components.Schemas.Problem
    }

    static func taps(_ url: URL) async throws {
        let token = ProcessInfo.processInfo.environment["SEGUED_TOKEN"]
        let client = Client(
            serverURL: url, transport: URLSessionTransport(), middlewares: token.map { [BearerTokenMiddleware(token: $0)] } ?? [])
        let bundle = Components.Schemas.StoryboardBundle(
            name: "Tappable", storyboards: .init(additionalProperties: ["Main": storyboard]),
            sources: .init(additionalProperties: sources))
        let uploaded = try await client.uploadStoryboard(body: .json(.StoryboardBundle(bundle)))
        let storyboardID: String
        switch uploaded {
        case .created(let created): storyboardID = try created.body.json.id
        case .ok(let ok): storyboardID = try ok.body.json.id
        default: throw Mismatch(description: "upload with sources: \(uploaded)")
        }
        let id = "swift-client-taps"
        let launched = try await client.putSession(path: .init(id: id), body: .json(.LaunchSession(.init(storyboard: storyboardID))))
            .created.body.json
        try expect(launched.stack.path, ["vc1", "vc2"], "taps: launch path")

        let opened = try await tap(client, id, "Open").get()
        try expect(opened.performed, true, "tap Open: performed")
        try expect(opened.tap?.selector, "open:", "tap Open: selector")
        try expect(opened.tap?.source, "Sources/ListViewController.swift:6", "tap Open: source")
        try expect(opened.events.map(\.method.rawValue).prefix(3), ["init", "awakeFromNib", "pushViewController"], "tap Open: first events")
        try expect(opened.stack.path, ["vc1", "vc3"], "tap Open: path")

        let closed = try await tap(client, id, "Close").get()
        try expect(closed.stack.path, ["vc1", "vc2"], "tap Close: path")

        let saved = try await tap(client, id, "Save").get()
        try expect(saved.performed, false, "tap Save: performed")
        try expect(saved.reason, .runsAppCodeOnly, "tap Save: reason")
        try expect(saved.reasonDetail, "runs app code only: save: makes no navigation call", "tap Save: reasonDetail")

        func refusal(_ control: String, when: String? = nil) async throws -> Refusal {
            switch try await tap(client, id, control, when: when) {
            case .success(let answer): throw Mismatch(description: "tap \(control): expected a problem, performed \(answer.performed)")
            case .failure(let refusal): return refusal
            }
        }
        let choose = try await refusal("Done")
        try expect(choose.status, 409, "tap Done: status")
        try expect(choose.problem.choices, ["ready", "not (ready)"], "tap Done: choices")
        let unread = try await refusal("Done", when: "not (ready)")
        try expect(unread.status, 409, "tap Done when not (ready): status")
        try expect(
            unread.problem.reasons,
            [#"present(_:animated:) of UIAlertController(title: "Save first", message: nil, preferredStyle: .alert): a controller made by UIAlertController(…), not instantiated from a storyboard"#],
            "tap Done when not (ready): reasons")
        let unknown = try await refusal("Nope")
        try expect(unknown.status, 404, "tap Nope: status")
        try expect(unknown.problem.controls, ["Done", "Open", "Save"], "tap Nope: controls")

        _ = try await client.endSession(path: .init(id: id))
    }
}
