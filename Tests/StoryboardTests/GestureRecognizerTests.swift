import Foundation
import SeguedTestSupport
import SourceScanning
import Storyboard
import Testing

/// Gesture recognizers read as controls of their scene's UI (spec §5.13): real storyboards and
/// sources (Fixtures/Gestures, with their origin and license; the shared corpus), and the kinds
/// real apps had none of in a storyboard of ours written as Interface Builder writes them.
struct GestureRecognizerTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Gestures")

    /// duckduckgo/iOS's DaxOnboarding and HomeRow storyboards with the two controllers' sources.
    static func duckDuckGo() throws -> Storyboard {
        var storyboards: [String: Data] = [:]
        var sources: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(name)
            if name.hasSuffix(".storyboard") { storyboards[url.deletingPathExtension().lastPathComponent] = try Data(contentsOf: url) }
            if name.hasSuffix(".swift") { sources["DuckDuckGo/\(name)"] = try String(contentsOf: url, encoding: .utf8) }
        }
        let bundle = StoryboardBundle(name: "DuckDuckGo", entry: "HomeRow", storyboards: storyboards, sources: sources)
        return try InterfaceBuilderImporter.load(bundle, swift: SwiftSyntaxSourceReader()).storyboard
    }

    static func recognizers(_ ui: SceneUI?) -> [ControlUI] { (ui?.controls ?? []).filter { $0.kind == .gestureRecognizer } }

    static func recognizer(
        _ text: String, _ gesture: GestureUI, trigger: UITrigger? = nil, action: CodeAction? = nil, userLabel: String? = nil
    ) -> ControlUI {
        var control = ControlUI(kind: .gestureRecognizer, text: text, trigger: trigger)
        control.gesture = gesture
        control.action = action
        control.userLabel = userLabel
        return control
    }

    /// The action sheet's tap outside its dialog (a full-screen view of the app's class): the
    /// method's `guard` makes the dismissal an alternative.
    @Test func realApp_tapOutside_dismissesWhenTheDialogIsFinished() throws {
        let storyboard = try Self.duckDuckGo()
        let scene = try #require(storyboard.scenes[SceneID("DaxOnboarding:v7i-nE-U3i")])
        #expect(scene.ui?.controls == [
            Self.recognizer(
                "Tap on HighlightCutOutView", GestureUI(kind: .tap, view: "HighlightCutOutView"),
                action: CodeAction(
                    selector: "onTapOutside:", source: "DuckDuckGo/ActionSheetDaxDialogViewController.swift:91",
                    performs: [CodeOperation(.dismiss, when: "daxDialogViewController?.isFinished ?? true")])),
        ])
        // The tap names it so.
        #expect(scene.ui?.controls(labelled: "Tap on HighlightCutOutView").map(\.action?.selector) == ["onTapOutside:"])
    }

    /// The storyboard's label names the recognizer; its method plays a video, no navigation.
    @Test func realApp_userLabelNamesIt_afterTheControlsOfItsView() throws {
        let ui = try #require(try Self.duckDuckGo().scenes[SceneID("HomeRow:A5s-B8-hd1")]?.ui)
        #expect(Self.recognizers(ui) == [
            Self.recognizer(
                "Play Video Tap", GestureUI(kind: .tap, view: "view"),
                action: CodeAction(selector: "playVideo", source: "DuckDuckGo/HomeRowInstructionsViewController.swift:48", performs: []),
                userLabel: "Play Video Tap"),
        ])
        // After the controls inside the view it is attached to (the close button), before the
        // views that follow it (the "Got it" button).
        let index = try #require(ui.controls.firstIndex { $0.kind == .gestureRecognizer })
        #expect(ui.controls[..<index].contains { $0.action?.selector == "dismiss" })
        #expect(ui.controls[(index + 1)...].contains { $0.kind == .button && $0.action?.selector == "dismiss" })
    }

    static func corpus(_ file: String) throws -> Storyboard {
        let url = SharedCorpus.folder.appendingPathComponent(file)
        return try InterfaceBuilderImporter.load(try Data(contentsOf: url), name: url.deletingPathExtension().lastPathComponent).storyboard
    }

    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"))
    func corpus_swipeOnTheScenesView() throws {
        let storyboard = try Self.corpus("duckduckgo__iOS__Onboarding_2018.storyboard")
        let found = storyboard.scenes.values.flatMap { Self.recognizers($0.ui) }
        #expect(found == [
            Self.recognizer(
                "Swipe left on the view", GestureUI(kind: .swipe, direction: "left", view: "the view"),
                action: CodeAction(selector: "onLastPageSwiped:", performs: [
                    CodeOperation(.unread(reason: "no method onLastPageSwiped: in the sources of OnboardingViewController or its superclasses")),
                ])),
        ])
    }

    /// GoMap's 2013 map: four recognizers sent to the map view (of the app's class, without its
    /// sources here), two of them attached to the map view and again to the scene's view, which
    /// keeps them; a double tap.
    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"))
    func corpus_recognizersOfAView_inItsOutletsOrder() throws {
        let storyboard = try Self.corpus("bryceco__GoMap__MainStoryboard_iPhone_2013.storyboard")
        let ui = try #require(storyboard.scenes[SceneID("2")]?.ui)
        func unread(_ selector: String) -> CodeAction {
            CodeAction(selector: selector, performs: [CodeOperation(.unread(reason: "no method \(selector) in the sources of MapView or its superclasses"))])
        }
        #expect(Self.recognizers(ui) == [
            Self.recognizer("Pan on the view", GestureUI(kind: .pan, view: "the view"), action: unread("handlePanGesture:")),
            Self.recognizer(
                "Tap Gesture Recognizer - Double", GestureUI(kind: .tap, taps: 2, view: "the view"), action: unread("handleTapGesture:"),
                userLabel: "Tap Gesture Recognizer - Double"),
            Self.recognizer("Pinch on the view", GestureUI(kind: .pinch, view: "the view"), action: unread("handlePinchGesture:")),
            Self.recognizer(
                "Tap Gesture Recognizer - Single", GestureUI(kind: .tap, view: "the view"), action: unread("handleTapGesture:"),
                userLabel: "Tap Gesture Recognizer - Single"),
        ])
        // The scene's view's own gestures come after everything drawn on it.
        #expect(ui.controls.suffix(4).allSatisfy { $0.kind == .gestureRecognizer })
    }

    /// R.swift's example has a recognizer that triggers a segue but is attached to no view: no
    /// touch reaches it, so the UI does not list it; the segue stays the scene's, performable by
    /// its identifier as before. IBDecodable's pinch is attached to an activity indicator but sends
    /// nothing.
    @Test(.enabled(if: SharedCorpus.available, "../shared/storyboards is not beside the repository"))
    func corpus_unattachedRecognizers_areNotControls() throws {
        let rswift = try Self.corpus("mac-cain13__R.swift__Main.storyboard")
        #expect(rswift.scenes.values.allSatisfy { Self.recognizers($0.ui).isEmpty })
        let segue = try #require(rswift.scenes.values.flatMap(\.segues).first { $0.id == "oyV-dS-wZu" })
        #expect(segue.identifier == SegueID("recognizerSegue") && segue.kind == .custom && segue.hasTrigger)
        let ibDecodable = try Self.corpus("IBDecodable__IBDecodable__StoryboardConnections.storyboard")
        #expect(ibDecodable.scenes.values.allSatisfy { Self.recognizers($0.ui).isEmpty })
    }

    /// What real apps' storyboards had none of, in a storyboard written as Interface Builder writes
    /// them: a segue a recognizer triggers, a long press with two fingers on an image view, a screen
    /// edge pan, a recognizer of the app's class, one inside a cell beside the cell's one switch,
    /// and a long label's text cut in the name.
    @Test func recognizersOnControlsAndViews_withSegues() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" initialViewController="list">
              <scenes>
                <scene sceneID="s1"><objects>
                  <tableViewController id="list" customClass="ListViewController" sceneMemberID="viewController">
                    <tableView key="view" dataMode="static" id="tv">
                      <sections><tableViewSection id="sec"><cells>
                        <tableViewCell textLabel="l1" id="c1"><tableViewCellContentView key="contentView" id="cv1"><subviews>
                          <label text="Notifications" id="l1"/>
                          <switch on="YES" id="sw"/>
                          <imageView image="bell" id="iv">
                            <connections><outletCollection property="gestureRecognizers" destination="lp" appends="YES" id="o1"/></connections>
                          </imageView>
                        </subviews></tableViewCellContentView></tableViewCell>
                      </cells></tableViewSection></sections>
                      <view key="tableFooterView" id="foot"><subviews>
                        <label text="A footer whose text runs far longer than any name of a gesture should" id="l2">
                          <connections><outletCollection property="gestureRecognizers" destination="tap" appends="YES" id="o3"/></connections>
                        </label>
                        <view customClass="SignatureView" id="sig">
                          <connections><outletCollection property="gestureRecognizers" destination="custom" appends="YES" id="o4"/></connections>
                        </view>
                      </subviews></view>
                      <connections>
                        <outletCollection property="gestureRecognizers" destination="edge" appends="YES" id="o2"/>
                      </connections>
                    </tableView>
                  </tableViewController>
                  <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
                  <longPressGestureRecognizer minimumPressDuration="0.5" numberOfTouchesRequired="2" id="lp">
                    <connections><segue destination="detail" kind="show" identifier="bell" id="g1"/></connections>
                  </longPressGestureRecognizer>
                  <screenEdgePanGestureRecognizer minimumNumberOfTouches="1" edges="left" id="edge">
                    <connections><action selector="edgePanned:" destination="list" id="a1"/></connections>
                  </screenEdgePanGestureRecognizer>
                  <tapGestureRecognizer numberOfTapsRequired="3" id="tap" userLabel="">
                    <connections><action selector="footerTapped:" destination="fr" id="a2"/></connections>
                  </tapGestureRecognizer>
                  <gestureRecognizer customClass="SignatureGestureRecognizer" id="custom">
                    <connections><segue destination="detail" kind="presentation" id="g2"/></connections>
                  </gestureRecognizer>
                </objects></scene>
                <scene sceneID="s2"><objects>
                  <viewController id="detail" sceneMemberID="viewController"/>
                </objects></scene>
              </scenes>
            </document>
            """
        let storyboard = try InterfaceBuilderImporter.load(Data(xml.utf8), name: "Main").storyboard
        let ui = try #require(storyboard.scenes[SceneID("list")]?.ui)
        // The switch stays the cell's accessory; the long press follows the cell, the triple tap
        // its label, the scene's view's edge pan comes last.
        #expect(ui.controls.map(\.kind) == [.tableViewCell, .gestureRecognizer, .label, .gestureRecognizer, .gestureRecognizer, .gestureRecognizer])
        #expect(ui.controls[0].accessory?.kind == .switch)
        func unread(_ selector: String) -> CodeAction {
            CodeAction(selector: selector, performs: [CodeOperation(.unread(reason: "no method \(selector) in the sources of ListViewController or its superclasses"))])
        }
        #expect(Self.recognizers(ui) == [
            Self.recognizer(
                "Two-finger long press on bell", GestureUI(kind: .longPress, touches: 2, view: "bell"),
                trigger: UITrigger(kind: .show, identifier: SegueID("bell"), id: "g1")),
            Self.recognizer(
                "Triple tap on A footer whose text runs far longer than…", GestureUI(kind: .tap, taps: 3, view: "A footer whose text runs far longer than…"),
                action: unread("footerTapped:")),
            Self.recognizer(
                "Gesture on SignatureView", GestureUI(kind: .custom, view: "SignatureView"),
                trigger: UITrigger(kind: .presentation, id: "g2")),
            Self.recognizer(
                "Pan from the left edge on the view", GestureUI(kind: .screenEdgePan, direction: "left", view: "the view"),
                action: unread("edgePanned:")),
        ])
        // The segues a recognizer triggers are the scene's, triggered by a control.
        #expect(storyboard.scenes[SceneID("list")]?.segues.map { "\($0.id ?? "") \($0.hasTrigger)" } == ["g1 true", "g2 true"])
        #expect(ui.controls(labelled: "two-finger long press on bell").first?.trigger?.id == "g1")
    }
}
