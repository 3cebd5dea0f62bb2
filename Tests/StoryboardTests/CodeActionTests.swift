import Foundation
import SourceScanning
import Storyboard
import Testing

/// What action methods do, read from real apps' sources (Fixtures/CodeActions, with their origin
/// and license): Swift and Objective-C, a superclass's extension, branches, a `let` holding the
/// instantiated controller, another storyboard by name, closures and blocks that run later. The
/// storyboard wiring them is ours, as small as the reading needs.
struct CodeActionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/CodeActions")

    static func sources() throws -> [String: String] {
        var sources: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasSuffix(".md") {
            sources["App/\(name)"] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return sources
    }

    /// Scenes of the fixtures' classes: their controls send the excerpts' actions.
    static let main = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="obs">
          <scenes>
            <scene sceneID="s1"><objects>
              <tableViewController id="obs" customClass="ObservationsViewController" sceneMemberID="viewController">
                <tableView key="view" id="t1"><prototypes>
                  <tableViewCell reuseIdentifier="Obs" id="c1"><tableViewCellContentView key="contentView" id="cv1">
                    <button id="b1"><state key="normal" title="Activity"/>
                      <connections><action selector="tappedActivity:event:" destination="obs" eventType="touchUpInside" id="a1"/></connections>
                    </button>
                  </tableViewCellContentView></tableViewCell>
                </prototypes></tableView>
                <navigationItem key="navigationItem" id="n1">
                  <barButtonItem key="rightBarButtonItem" title="Map" id="i1">
                    <connections><action selector="showMap:" destination="fr1" id="a2"/></connections>
                  </barButtonItem>
                </navigationItem>
                <connections>
                  <segue destination="detail" kind="show" identifier="obsDetailV2" id="g1"/>
                  <segue destination="detail" kind="show" identifier="obsDetailV2ShowActivity" id="g2"/>
                </connections>
              </tableViewController>
              <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
            </objects></scene>
            <scene sceneID="s2"><objects>
              <viewController id="detail" sceneMemberID="viewController">
                <view key="view" id="v2"><subviews>
                  <button id="b2"><state key="normal" title="Close"/>
                    <connections><action selector="close:" destination="detail" eventType="touchUpInside" id="a3"/></connections>
                  </button>
                </subviews></view>
              </viewController>
            </objects></scene>
            <scene sceneID="s3"><objects>
              <viewController id="map" storyboardIdentifier="MapType" customClass="MapTypeViewController" sceneMemberID="viewController">
                <view key="view" id="v3"><subviews>
                  <segmentedControl id="m1"><segments><segment title="Standard"/><segment title="Satellite"/></segments>
                    <connections><action selector="choseMapType:" destination="map" eventType="valueChanged" id="a4"/></connections>
                  </segmentedControl>
                </subviews></view>
              </viewController>
            </objects></scene>
            <scene sceneID="s4"><objects>
              <viewController id="projects" storyboardIdentifier="Projects" customClass="ProjectsViewController" sceneMemberID="viewController">
                <view key="view" id="v4"><subviews>
                  <button id="b4"><state key="normal" title="Join"/>
                    <connections><action selector="showSignupPrompt:" destination="projects" eventType="touchUpInside" id="a5"/></connections>
                  </button>
                </subviews></view>
              </viewController>
            </objects></scene>
            <scene sceneID="s5"><objects>
              <tableViewController id="files" storyboardIdentifier="FileSizeDebug" customClass="FileSizeDebugViewController" sceneMemberID="viewController">
                <tableView key="view" id="t5"><prototypes>
                  <tableViewCell reuseIdentifier="File" textLabel="l5" id="c5"><tableViewCellContentView key="contentView" id="cv5">
                    <label text="File" id="l5"/>
                  </tableViewCellContentView></tableViewCell>
                </prototypes></tableView>
              </tableViewController>
            </objects></scene>
            <scene sceneID="s6"><objects>
              <viewController id="fields" storyboardIdentifier="TextField" customClass="TextFieldViewController" sceneMemberID="viewController">
                <navigationItem key="navigationItem" id="n6">
                  <rightBarButtonItems>
                    <barButtonItem title="Present" id="i6"><connections><action selector="presentAction:" destination="fields" id="a6"/></connections></barButtonItem>
                    <barButtonItem title="Settings" id="i7"><connections><action selector="settingsAction:" destination="fields" id="a7"/></connections></barButtonItem>
                  </rightBarButtonItems>
                </navigationItem>
              </viewController>
            </objects></scene>
          </scenes>
        </document>
        """

    static func imported() throws -> Storyboard {
        let bundle = StoryboardBundle(name: "App", entry: "Main", storyboards: ["Main": Data(main.utf8)], sources: try sources())
        return try InterfaceBuilderImporter.load(bundle, swift: SwiftSyntaxSourceReader()).storyboard
    }

    static func ui(_ storyboard: Storyboard, _ scene: String) throws -> SceneUI {
        try #require(storyboard.scenes[SceneID(scene)]?.ui)
    }

    @Test func objectiveC_ifElse_performsOneOfTheScenesSegues() throws {
        let ui = try Self.ui(try Self.imported(), "obs")
        #expect(ui.controls[0].accessory?.action == CodeAction(
            selector: "tappedActivity:event:", source: "App/ObservationsViewController.m:2",
            performs: [
                CodeOperation(.segue(identifier: "obsDetailV2ShowActivity"), when: "o.activityCount > 0"),
                CodeOperation(.segue(identifier: "obsDetailV2"), when: "not (o.activityCount > 0)"),
            ]))
    }

    /// Sent to the first responder: the responder chain reaches the controller, whose class has
    /// no such method in the sources: said so.
    @Test func firstResponder_resolvesInTheControllersClass_andAMissingMethodIsUnread() throws {
        let storyboard = try Self.imported()
        let item = try #require(try Self.ui(storyboard, "obs").navigationItem?.rightItems.first)
        #expect(item.action == CodeAction(selector: "showMap:", performs: [
            CodeOperation(.unread(reason: "no method showMap: in the sources of ObservationsViewController or its superclasses")),
        ]))
        #expect(try Self.ui(storyboard, "detail").controls[0].action == CodeAction(selector: "close:", performs: [
            CodeOperation(.unread(reason: "the scene has no custom class, so no method of the app receives close:")),
        ]))
    }

    /// A switch that only picks a value, a delegate told (which may navigate: unread), then the dismissal.
    @Test func objectiveC_delegateIsUnread_dismissIsRead() throws {
        let ui = try Self.ui(try Self.imported(), "map")
        #expect(ui.controls[0].action == CodeAction(selector: "choseMapType:", source: "App/MapTypeViewController.m:2", performs: [
            CodeOperation(
                .unread(reason: "sends performSelector:withObject:withObject: to self.delegate, which may navigate"),
                when: "self.delegate && [self.delegate respondsToSelector:@selector(mapTypeControllerDidChange:mapType:)]"),
            CodeOperation(.dismiss),
        ]))
    }

    /// `[UIStoryboard storyboardWithName:@"Onboarding" …]` held in a variable, the controller in
    /// another, presented through `weakSelf`; the block stored on the controller runs later.
    @Test func objectiveC_anotherStoryboardByName_throughVariables_andABlockStoredForLater() throws {
        let ui = try Self.ui(try Self.imported(), "projects")
        #expect(ui.controls[0].action == CodeAction(selector: "showSignupPrompt:", source: "App/ProjectsViewController.m:2", performs: [
            CodeOperation(.unread(reason: "dismissViewControllerAnimated:completion: in a block, which runs later or not at all")),
            CodeOperation(.instantiate(.present, storyboardIdentifier: "onboarding-login", storyboard: "Onboarding")),
        ]))
    }

    /// duckduckgo/iOS: a cell's selection pushes a scene of the "Debug" storyboard held in a `let`,
    /// the controller bound by `if let`; the other branches call a helper of the class that does
    /// the same with another identifier (followed, its conditions joined), also from a `catch`.
    @Test func swift_cellSelection_branches_letBindings_andAHelperOfTheClass() throws {
        let ui = try Self.ui(try Self.imported(), "files")
        let action = try #require(ui.controls[0].action)
        #expect(action.selector == "tableView:didSelectRowAt:")
        #expect(action.source == "App/FileSizeDebugViewController.swift:3")
        let directory = "item.url.isDirectory"
        let database = #"item.name.hasSuffix("db") || item.name.hasSuffix("sqlite") || item.name.hasSuffix("sqlite3")"#
        let preview = #"let viewController = storyboard.instantiateViewController(identifier: "FileTextPreviewDebug") as? FileTextPreviewDebugViewController"#
        let pushPreview = CodeOperation.Kind.instantiate(.push, storyboardIdentifier: "FileTextPreviewDebug", storyboard: "Debug")
        #expect(action.performs == [
            CodeOperation(
                .instantiate(.push, storyboardIdentifier: "FileSizeDebug", storyboard: "Debug"),
                when: #"\#(directory) and let viewController = storyboard.instantiateViewController(identifier: "FileSizeDebug") as? FileSizeDebugViewController"#),
            CodeOperation(pushPreview, when: "not (\(directory)) and \(database) and \(preview)"),
            CodeOperation(pushPreview, when: "not (\(directory)) and \(database) and an error is thrown and \(preview)"),
            CodeOperation(pushPreview, when: #"not (\#(directory)) and not (\#(database)) and item.name.hasSuffix("plist") and not (let data = try? Data(contentsOf: item.url.absoluteURL)) and \#(preview)"#),
            CodeOperation(pushPreview, when: #"not (\#(directory)) and not (\#(database)) and item.name.hasSuffix("plist") and let data = try? Data(contentsOf: item.url.absoluteURL) and \#(preview)"#),
        ])
    }

    /// IQKeyboardManager's example: the actions are in extensions of the superclass; one presents
    /// an alert (a controller made in code) whose handlers call a helper that presents (later), or
    /// dismisses when the controller is itself presented; the other wraps a scene of the "Settings" storyboard in a navigation controller
    /// made in code, which no operation of the API names.
    @Test func swift_superclassExtension_alertHandlers_andAControllerMadeInCode() throws {
        let items = try #require(try Self.ui(try Self.imported(), "fields").navigationItem?.rightItems)
        let presentAction = try #require(items[0].action)
        #expect(presentAction.selector == "presentAction:")
        #expect(presentAction.source == "App/BaseViewController.swift:7")
        let later = "in a closure passed to .init, which may run it later"
        // `presentUsing(style:sender:)`: "using" is a preposition, so no "With" (ObjectiveCSelector).
        let handler = CodeOperation.Kind.unread(reason: "calls presentUsingStyle:sender: (which performs unread) \(later)")
        // Seven handlers, then the one under #available; the sheet's Cancel has none.
        #expect(presentAction.performs == Array(repeating: CodeOperation(handler, when: "self.presentingViewController == nil"), count: 7) + [
            CodeOperation(handler, when: "self.presentingViewController == nil and #available(iOS 13, *)"),
            CodeOperation(
                .unread(reason: "present(_:animated:) of controller: a controller made by UIAlertController.init(…), not instantiated from a storyboard"),
                when: "self.presentingViewController == nil"),
            CodeOperation(.dismiss, when: "not (self.presentingViewController == nil)"),
        ])
        #expect(items[1].action == CodeAction(selector: "settingsAction:", source: "App/BaseViewController.swift:78", performs: [
            CodeOperation(.unread(reason: "present(_:animated:) of navController: a controller made by NavigationController(…), not instantiated from a storyboard")),
        ]))
    }
}
