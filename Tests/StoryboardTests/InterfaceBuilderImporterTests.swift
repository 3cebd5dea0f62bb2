import Foundation
import SourceScanning
import Storyboard
import Testing

/// Small storyboards written for the tests: each mapping rule and each bad input.
struct InterfaceBuilderImporterTests {
    /// A navigation controller whose table pushes a detail (cell segue), which shows an edit form
    /// modally (bar button) and has a controller-owned segue; the form unwinds through Exit.
    static let app = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" initialViewController="nav">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <tableViewController id="list" customClass="ListViewController" customModule="App" storyboardIdentifier="List" sceneMemberID="viewController">
                            <tableView key="view" id="tv">
                                <prototypes>
                                    <tableViewCell id="cell">
                                        <connections><segue destination="detail" kind="show" identifier="showDetail" id="g1"/></connections>
                                    </tableViewCell>
                                </prototypes>
                            </tableView>
                            <navigationItem key="navigationItem" title="Items" id="ni"/>
                        </tableViewController>
                    </objects>
                </scene>
                <scene sceneID="s3">
                    <objects>
                        <viewController id="detail" customClass="DetailViewController" sceneMemberID="viewController">
                            <navigationItem key="navigationItem" id="ni2">
                                <barButtonItem key="rightBarButtonItem" id="edit">
                                    <connections><segue destination="form" kind="presentation" identifier="edit" modalPresentationStyle="fullScreen" modalTransitionStyle="crossDissolve" popoverAnchorBarButtonItem="edit" id="g2"/></connections>
                                </barButtonItem>
                            </navigationItem>
                            <connections><segue destination="form" kind="presentation" identifier="editFromCode" animates="NO" id="g3"/></connections>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s4">
                    <objects>
                        <viewController id="form" customClass="FormViewController" sceneMemberID="viewController">
                            <view key="view" id="fv">
                                <subviews>
                                    <button id="save"><connections><segue destination="exit1" kind="unwind" identifier="save" unwindAction="unwindToList:" id="g4"/></connections></button>
                                </subviews>
                            </view>
                        </viewController>
                        <exit id="exit1" userLabel="Exit" sceneMemberID="exit"/>
                    </objects>
                </scene>
            </scenes>
            <segue reference="g1"/>
        </document>
        """

    private func load(_ xml: String, classes: [String: ClassInfo] = [:]) throws(StoryboardError) -> ImportedStoryboard {
        try InterfaceBuilderImporter.load(Data(xml.utf8), name: "Main", classes: classes)
    }

    @Test func scenes_segues_andTriggers_mapToTheModel() throws {
        let imported = try load(Self.app, classes: ["ListViewController": ClassInfo(unwindActions: ["unwindToList:"])])
        let storyboard = imported.storyboard
        #expect(storyboard.initialScene == SceneID("nav"))
        #expect(storyboard.sortedSceneIDs == [SceneID("detail"), SceneID("form"), SceneID("list"), SceneID("nav")])
        #expect(storyboard.scenes[SceneID("nav")]?.root == SceneID("list"))
        let list = try #require(storyboard.scenes[SceneID("list")])
        #expect(list.kind == .tableViewController)
        #expect(list.customClass == "ListViewController")
        #expect(list.customModule == "App")
        #expect(list.storyboardIdentifier == "List")
        #expect(list.title == "Items")
        // Every segue keeps its id in the file: how a request names one without an identifier.
        #expect(list.segues == [Segue(identifier: SegueID("showDetail"), kind: .show, destination: SceneID("detail"), id: "g1")])
        let detail = try #require(storyboard.scenes[SceneID("detail")])
        #expect(detail.segues.map(\.popoverAnchor) == ["edit", nil])
        var anchored = Segue(identifier: SegueID("edit"), kind: .presentation, destination: SceneID("form"),
                             modalPresentationStyle: .fullScreen, modalTransitionStyle: .crossDissolve, id: "g2")
        anchored.popoverAnchor = "edit"
        #expect(detail.segues == [
            anchored,
            Segue(identifier: SegueID("editFromCode"), kind: .presentation, destination: SceneID("form"), animates: false, hasTrigger: false, id: "g3"),
        ])
        #expect(storyboard.scenes[SceneID("form")]?.segues == [Segue(identifier: SegueID("save"), kind: .unwind, action: "unwindToList:", id: "g4")])
        #expect(storyboard.segueCountsByKind == ["relationship": 1, "show": 1, "presentation": 2, "unwind": 1])
        #expect(imported.warnings == [])
    }

    @Test func unknownElementsAndKinds_areWarnings() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="a">
                <scenes>
                    <scene sceneID="s1"><objects>
                        <viewController id="a" sceneMemberID="viewController">
                            <connections><segue destination="b" kind="teleport" identifier="beam" id="g"/></connections>
                        </viewController>
                    </objects></scene>
                    <scene sceneID="s2"><objects>
                        <fancyController id="b" sceneMemberID="viewController"/>
                    </objects></scene>
                </scenes>
            </document>
            """
        let imported = try load(xml)
        #expect(imported.storyboard.scenes[SceneID("b")]?.kind == .viewController)
        #expect(imported.storyboard.scenes[SceneID("a")]?.segues.first?.kind == .custom)
        #expect(imported.warnings == [
            "scene a: segue kind \"teleport\" is unknown; it is performed as a custom presentation",
            "scene a: custom segue beam has code segued cannot run; it is performed as a presentation",
            "scene b: unknown controller element <fancyController> is treated as a plain view controller",
        ])
    }

    @Test func unwindWithoutImplementer_isAWarning() throws {
        let imported = try load(Self.app)
        #expect(imported.warnings == ["unwind action unwindToList:: no known class implements it, so unwinds to it find no destination (give class facts or sources)"])
    }

    @Test func malformedXML_reportsLineAndColumn() {
        do throws(StoryboardError) {
            _ = try load("<?xml version=\"1.0\"?>\n<document type=\"Storyboard\">\n  <scenes>\n    <scene>\n  </scenes>\n</document>")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.issues.first?.line == 5)
            #expect(error.issues.first?.column != nil)
        }
    }

    /// A few hundred kilobytes can nest elements 100,000 deep; the tree of such a document took the
    /// process down when released (one stack frame per level). Nesting past 256 is refused at the
    /// element where it happens; 256 still loads as far as the importer's own checks.
    @Test func nestingBeyond256_isRefusedWhereItHappens() {
        func nested(_ depth: Int) -> String {
            "<?xml version=\"1.0\"?>\n" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        }
        do throws(StoryboardError) {
            _ = try load(nested(256))
            Issue.record("nested <a> elements are no storyboard")
        } catch {
            #expect(error.kind != .malformed)
        }
        do throws(StoryboardError) {
            _ = try load(nested(100_000))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.issues.map(\.message) == ["elements are nested more than 256 deep"])
            #expect(error.issues.first?.line == 2)
            // The 257th <a> ends at column 771 (each is 3 characters).
            #expect(error.issues.first?.column == 771)
        }
    }

    @Test(arguments: [
        // Entity expansion ("billion laughs").
        """
        <?xml version="1.0"?>
        <!DOCTYPE document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
        <document type="Storyboard">&b;</document>
        """,
        // An external entity (XXE) reading a local file.
        """
        <?xml version="1.0"?>
        <!DOCTYPE document [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
        <document type="Storyboard"><scenes>&secret;</scenes></document>
        """,
        "<?xml version=\"1.0\"?>\n<!ENTITY x \"y\">\n<document/>",
    ])
    func declarations_areRefused(_ xml: String) {
        do throws(StoryboardError) {
            _ = try load(xml)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.kind == .refused)
            #expect(error.issues.first?.line == 2)
            #expect(error.issues.first?.message.contains("refused") == true)
        }
    }

    @Test func notAStoryboard_isInvalid() {
        #expect(throws: StoryboardError.self) { try load("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>") }
    }

    @Test func bundle_resolvesReferencesAcrossStoryboards_andScansSources() throws {
        let main = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="home">
                <scenes>
                    <scene sceneID="a"><objects>
                        <viewController id="home" customClass="HomeViewController" sceneMemberID="viewController">
                            <connections>
                                <segue destination="ref" kind="presentation" identifier="settings" id="x1"/>
                                <segue destination="missing" kind="show" identifier="elsewhere" id="x2"/>
                            </connections>
                        </viewController>
                    </objects></scene>
                    <scene sceneID="b"><objects>
                        <viewControllerPlaceholder storyboardName="Settings" referencedIdentifier="Prefs" id="ref" sceneMemberID="viewController"/>
                    </objects></scene>
                    <scene sceneID="c"><objects>
                        <viewControllerPlaceholder storyboardName="Other" id="missing" sceneMemberID="viewController"/>
                    </objects></scene>
                </scenes>
            </document>
            """
        let settings = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="root">
                <scenes>
                    <scene sceneID="s"><objects>
                        <viewController id="root" sceneMemberID="viewController"/>
                    </objects></scene>
                    <scene sceneID="t"><objects>
                        <viewController id="prefs" storyboardIdentifier="Prefs" customClass="PrefsViewController" sceneMemberID="viewController">
                            <connections><segue destination="e" kind="unwind" unwindAction="backHomeWithSender:" id="u"/></connections>
                        </viewController>
                        <exit id="e" sceneMemberID="exit"/>
                    </objects></scene>
                </scenes>
            </document>
            """
        let source = """
            import UIKit

            final class HomeViewController: BaseViewController {
                @IBAction func backHome(sender: UIStoryboardSegue) {}
                @IBAction func buttonTapped(_ sender: UIButton) {}
            }
            """
        let bundle = StoryboardBundle(
            name: "App", entry: "Main", storyboards: ["Main": Data(main.utf8), "Settings": Data(settings.utf8)],
            sources: ["App/HomeViewController.swift": source])
        let imported = try InterfaceBuilderImporter.load(bundle, swift: SwiftSyntaxSourceReader())
        let storyboard = imported.storyboard
        #expect(storyboard.initialScene == SceneID("Main:home"))
        #expect(storyboard.entry == "Main")
        #expect(storyboard.scenesByDocument == ["Main": [SceneID("Main:home"), SceneID("Main:missing"), SceneID("Main:ref")], "Settings": [SceneID("Settings:prefs"), SceneID("Settings:root")]])
        let home = try #require(storyboard.scenes[SceneID("Main:home")])
        #expect(home.segues.map(\.destination) == [SceneID("Settings:prefs"), SceneID("Main:missing")])
        #expect(storyboard.classes["HomeViewController"] == ClassInfo(superclass: "BaseViewController", unwindActions: ["backHomeWithSender:"]))
        #expect(storyboard.implements("backHomeWithSender:", scene: home))
        #expect(imported.warnings.contains("Main: scene Main:missing refers to the initial scene of storyboard \"Other\", which is not in the upload; it stays a plain view controller")
            || imported.warnings.contains("scene Main:missing refers to the initial scene of storyboard \"Other\", which is not in the upload; it stays a plain view controller"))
    }
}
