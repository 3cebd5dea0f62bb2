import Foundation
import Storyboard
import Testing

/// A scene's `ui` in segued JSON: read as given, and refused with its path beyond the bounds or
/// when a trigger names no segue of the scene.
struct SceneUIJSONTests {
    /// A one-scene storyboard whose scene `a` has `ui` and a show segue `go` (id `g-1`) and an
    /// unwind `done` (`doneWith:`).
    private func storyboard(ui: String) -> String {
        """
        {"format": "segued.storyboard/1", "initialScene": "a",
         "scenes": {"a": {"ui": \(ui), "segues": [
            {"identifier": "go", "id": "g-1", "kind": "show", "destination": "b"},
            {"identifier": "done", "kind": "unwind", "action": "doneWith:"}]},
          "b": {}}}
        """
    }

    private func issues(ui: String) -> [String] {
        do {
            _ = try StoryboardJSONLoader.load(Data(storyboard(ui: ui).utf8))
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    private func ui(_ json: String) throws -> SceneUI? {
        try StoryboardJSONLoader.load(Data(storyboard(ui: json).utf8)).scenes[SceneID("a")]?.ui
    }

    @Test func everyMember_isReadAsGiven() throws {
        let read = try ui("""
            {"navigationItem": {"title": "List", "prompt": "Pick one", "backButtonTitle": "Back",
                                "leftItems": [{"systemItem": "cancel", "trigger": {"kind": "unwind", "action": "doneWith:"}}],
                                "rightItems": [{"title": "Next", "trigger": {"kind": "show", "id": "g-1"}}]},
             "tabBarItem": {"title": "List", "systemItem": "favorites", "badge": "2"},
             "toolbarItems": [{"systemItem": "flexibleSpace"}, {"title": "Go", "trigger": {"kind": "show", "identifier": "go"}}],
             "controls": [
                {"type": "tableViewCell", "text": "Row", "reuseIdentifier": "Cell", "trigger": {"kind": "show", "identifier": "go"}},
                {"type": "label", "text": "Hello"},
                {"type": "textField", "text": null, "placeholder": "Name"},
                {"type": "switch", "on": true},
                {"type": "segmentedControl", "segments": ["One", "Two"]},
                {"type": "button", "text": "Done", "trigger": {"kind": "unwind", "identifier": "done", "action": "doneWith:"}}]}
            """)
        let go = UITrigger(kind: .show, identifier: SegueID("go"))
        #expect(read == SceneUI(
            navigationItem: NavigationItemUI(
                title: "List", prompt: "Pick one", backButtonTitle: "Back",
                leftItems: [BarItemUI(systemItem: "cancel", trigger: UITrigger(kind: .unwind, action: "doneWith:"))],
                rightItems: [BarItemUI(title: "Next", trigger: UITrigger(kind: .show, id: "g-1"))]),
            tabBarItem: TabBarItemUI(title: "List", systemItem: "favorites", badge: "2"),
            toolbarItems: [BarItemUI(systemItem: "flexibleSpace"), BarItemUI(title: "Go", trigger: go)],
            controls: [
                ControlUI(kind: .tableViewCell, text: "Row", reuseIdentifier: "Cell", trigger: go),
                ControlUI(kind: .label, text: "Hello"),
                ControlUI(kind: .textField, placeholder: "Name"),
                ControlUI(kind: .switch, isOn: true),
                ControlUI(kind: .segmentedControl, segments: ["One", "Two"]),
                ControlUI(kind: .button, text: "Done", trigger: UITrigger(kind: .unwind, identifier: SegueID("done"), action: "doneWith:")),
            ]))
    }

    @Test func emptyAndNullUI_areNoUI() throws {
        #expect(try ui("{}") == nil)
        #expect(try ui("null") == nil)
    }

    @Test func moreThanTheBound_isRefusedWithItsPath() {
        let button = #"{"type": "button"}"#
        let controls = Array(repeating: button, count: SceneUI.maxControls + 1).joined(separator: ",")
        #expect(issues(ui: #"{"controls": [\#(controls)]}"#) == ["scenes.a.ui.controls: more than 200 controls"])
        // Exactly at the bound is accepted.
        let atBound = Array(repeating: button, count: SceneUI.maxControls).joined(separator: ",")
        #expect(issues(ui: #"{"controls": [\#(atBound)]}"#) == [])

        let item = #"{"title": "x"}"#
        let items = Array(repeating: item, count: SceneUI.maxBarItems + 1).joined(separator: ",")
        #expect(issues(ui: #"{"navigationItem": {"rightItems": [\#(items)]}}"#)
            == ["scenes.a.ui.navigationItem.rightItems: more than 20 bar items"])
        #expect(issues(ui: #"{"toolbarItems": [\#(items)]}"#) == ["scenes.a.ui.toolbarItems: more than 20 bar items"])
        let segments = Array(repeating: #""s""#, count: SceneUI.maxBarItems + 1).joined(separator: ",")
        #expect(issues(ui: #"{"controls": [{"type": "segmentedControl", "segments": [\#(segments)]}]}"#)
            == ["scenes.a.ui.controls[0].segments: more than 20 segments"])

        let long = String(repeating: "é", count: 2049)  // 4098 UTF-8 bytes, 2049 characters
        #expect(issues(ui: #"{"navigationItem": {"title": "\#(long)"}}"#)
            == ["scenes.a.ui.navigationItem.title: longer than 4096 bytes"])
        #expect(issues(ui: #"{"controls": [{"type": "label", "text": "\#(long)"}]}"#)
            == ["scenes.a.ui.controls[0].text: longer than 4096 bytes"])
        #expect(issues(ui: #"{"tabBarItem": {"badge": "\#(long)"}}"#) == ["scenes.a.ui.tabBarItem.badge: longer than 4096 bytes"])
        #expect(issues(ui: #"{"controls": [{"type": "segmentedControl", "segments": ["\#(long)"]}]}"#)
            == ["scenes.a.ui.controls[0].segments[0]: longer than 4096 bytes"])
        #expect(issues(ui: #"{"navigationItem": {"title": "\#(String(repeating: "é", count: 128))"}}"#) == [])
    }

    @Test func triggers_mustNameASegueOfTheScene() {
        #expect(issues(ui: #"{"controls": [{"type": "button", "trigger": {"kind": "show", "identifier": "gone"}}]}"#)
            == ["scenes.a.ui.controls[0].trigger: no show segue of the scene has this identifier"])
        #expect(issues(ui: #"{"controls": [{"type": "button", "trigger": {"kind": "presentation", "id": "g-1"}}]}"#)
            == ["scenes.a.ui.controls[0].trigger: no presentation segue of the scene has this id"])
        #expect(issues(ui: #"{"toolbarItems": [{"trigger": {"kind": "unwind", "action": "other:"}}]}"#)
            == ["scenes.a.ui.toolbarItems[0].trigger: no unwind segue of the scene has this action"])
        #expect(issues(ui: #"{"controls": [{"type": "button", "trigger": {"kind": "show"}}]}"#)
            == ["scenes.a.ui.controls[0].trigger: names no segue (give its id, identifier or, for an unwind, action)"])
        #expect(issues(ui: #"{"controls": [{"type": "button", "trigger": {"kind": "embed", "identifier": "go"}}]}"#)
            == ["scenes.a.ui.controls[0].trigger.kind: embed segues are not triggered by a control"])
    }

    @Test func unknownTypesAndMembers_areRefusedWithTheirPaths() {
        #expect(issues(ui: #"{"controls": [{"type": "dial"}]}"#)
            == [#"scenes.a.ui.controls[0].type: unknown value "dial" (expected one of: button, tableViewCell, collectionViewCell, label, textField, switch, segmentedControl, stepper, slider, gestureRecognizer)"#])
        // A cell's accessory is one control that is not a cell and has none of its own; other
        // controls have none.
        #expect(issues(ui: #"{"controls": [{"type": "button", "accessory": {"type": "switch"}}]}"#)
            == ["scenes.a.ui.controls[0].accessory: not a member of a button"])
        #expect(issues(ui: #"{"controls": [{"type": "tableViewCell", "accessory": {"type": "tableViewCell"}}]}"#)
            == [#"scenes.a.ui.controls[0].accessory.type: a cell's accessory is a button, textField, switch, segmentedControl, stepper or slider"#])
        #expect(issues(ui: #"{"controls": [{"type": "tableViewCell", "accessory": {"type": "switch", "accessory": {"type": "switch"}, "segments": ["a"]}}]}"#)
            == ["scenes.a.ui.controls[0].accessory.segments: not a member of a switch", "scenes.a.ui.controls[0].accessory.accessory: not a member of a switch"])
        #expect(issues(ui: #"{"controls": [{"type": "tableViewCell", "accessory": {"type": "slider"}}]}"#) == [])
        #expect(issues(ui: #"{"controls": [{"text": "x"}]}"#) == ["scenes.a.ui.controls[0].type: missing"])
        #expect(issues(ui: #"{"controls": [{"type": "button", "on": true, "placeholder": "p"}]}"#)
            == ["scenes.a.ui.controls[0].placeholder: not a member of a button", "scenes.a.ui.controls[0].on: not a member of a button"])
        #expect(issues(ui: #"{"navigationItem": {"titel": "x"}, "badges": 1}"#)
            == ["scenes.a.ui.badges: unknown field", "scenes.a.ui.navigationItem.titel: unknown field"])
        #expect(issues(ui: #"{"controls": {}}"#) == ["scenes.a.ui.controls: expected an array, found object"])
    }

    /// A gesture recognizer: its `gesture` read as given, required, and each member only for the
    /// gestures that have it.
    @Test func gestureRecognizers_areReadAsGiven_andTheirMembersChecked() throws {
        let read = try ui("""
            {"controls": [
                {"type": "gestureRecognizer", "text": "Swipe left on the view", "trigger": {"kind": "show", "id": "g-1"},
                 "gesture": {"type": "swipe", "direction": "left", "taps": null, "touches": 2, "view": "the view"}},
                {"type": "gestureRecognizer", "text": "Double tap on Photo", "userLabel": null,
                 "gesture": {"type": "tap", "taps": 2, "view": "Photo"}}]}
            """)
        var swipe = ControlUI(kind: .gestureRecognizer, text: "Swipe left on the view", trigger: UITrigger(kind: .show, id: "g-1"))
        swipe.gesture = GestureUI(kind: .swipe, direction: "left", touches: 2, view: "the view")
        var tap = ControlUI(kind: .gestureRecognizer, text: "Double tap on Photo")
        tap.gesture = GestureUI(kind: .tap, taps: 2, view: "Photo")
        #expect(read == SceneUI(controls: [swipe, tap]))
        #expect(swipe.label == "Swipe left on the view")

        #expect(issues(ui: #"{"controls": [{"type": "gestureRecognizer", "text": "Tap"}]}"#) == ["scenes.a.ui.controls[0].gesture: missing"])
        #expect(issues(ui: #"{"controls": [{"type": "button", "gesture": {"type": "tap", "view": "x"}}]}"#)
            == ["scenes.a.ui.controls[0].gesture: not a member of a button"])
        #expect(issues(ui: #"{"controls": [{"type": "gestureRecognizer", "gesture": {"type": "wave", "view": ""}}]}"#) == [
            #"scenes.a.ui.controls[0].gesture.type: unknown value "wave" (expected one of: tap, swipe, longPress, pan, screenEdgePan, pinch, rotation, hover, custom)"#,
            "scenes.a.ui.controls[0].gesture.view: missing",
        ])
        #expect(issues(ui: #"{"controls": [{"type": "gestureRecognizer", "gesture": {"type": "pinch", "view": "v", "direction": "up", "taps": 1, "touches": 2, "speed": 3}}]}"#) == [
            "scenes.a.ui.controls[0].gesture.speed: unknown field",
            "scenes.a.ui.controls[0].gesture.direction: only a swipe or a screen edge pan has a direction",
            "scenes.a.ui.controls[0].gesture.taps: a count from 2 to 100 (absent or null: one)",
            "scenes.a.ui.controls[0].gesture.taps: not a member of a pinch gesture",
            "scenes.a.ui.controls[0].gesture.touches: not a member of a pinch gesture",
        ])
        #expect(issues(ui: #"{"controls": [{"type": "tableViewCell", "accessory": {"type": "gestureRecognizer"}}]}"#)
            == [#"scenes.a.ui.controls[0].accessory.type: a cell's accessory is a button, textField, switch, segmentedControl, stepper or slider"#])
    }
}
