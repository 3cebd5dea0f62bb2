import Foundation
import SourceScanning
import Storyboard
import Testing

/// Scene UI read from Interface Builder XML as Xcode writes it: bar items, tab items, cells and
/// controls with the segue each triggers, the bounds, and peek-and-pop's nested segues.
struct IBSceneUIReaderTests {
    private func document(_ scenes: String, initial: String = "list") -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" initialViewController="\(initial)">
                <scenes>\(scenes)</scenes>
            </document>
            """.utf8)
    }

    private func scene(_ controller: String, id: String) -> String {
        #"<scene sceneID="s-\#(id)"><objects>\#(controller)<placeholder placeholderIdentifier="IBFirstResponder" id="fr-\#(id)" sceneMemberID="firstResponder"/><exit id="x-\#(id)" userLabel="Exit" sceneMemberID="exit"/></objects></scene>"#
    }

    /// A list (static and prototype cells, bar items, tab item, toolbar), its detail, and a form
    /// whose controls unwind.
    private var app: Data {
        document(
            scene("""
                <tableViewController id="list" title="Scene title" sceneMemberID="viewController">
                    <tableView key="view" dataMode="static" id="tv">
                        <sections>
                            <tableViewSection headerTitle="First" id="sec1">
                                <cells>
                                    <tableViewCell style="IBUITableViewCellStyleDefault" textLabel="tl1" id="c1">
                                        <tableViewCellContentView key="contentView" id="cv1">
                                            <subviews>
                                                <label text="Profile" id="tl1"/>
                                            </subviews>
                                        </tableViewCellContentView>
                                        <connections>
                                            <segue destination="detail" kind="show" trigger="accessoryAction" id="acc"/>
                                            <segue destination="detail" kind="show" identifier="showProfile" id="sel">
                                                <segue key="commit" inheritsFrom="parentRelationship" id="commit1"/>
                                                <segue key="preview" inheritsFrom="commit" id="preview1"/>
                                            </segue>
                                        </connections>
                                    </tableViewCell>
                                    <tableViewCell id="c2">
                                        <tableViewCellContentView key="contentView" id="cv2">
                                            <subviews>
                                                <label id="l2"><attributedString key="attributedText"><fragment content="Dark "/><fragment content="mode"/></attributedString></label>
                                                <label text="second label" id="l2b"/>
                                                <switch on="YES" id="sw"/>
                                            </subviews>
                                        </tableViewCellContentView>
                                    </tableViewCell>
                                </cells>
                            </tableViewSection>
                        </sections>
                    </tableView>
                    <navigationItem key="navigationItem" title="Items" prompt="Choose" backButtonTitle="List" id="ni">
                        <leftBarButtonItems>
                            <barButtonItem systemItem="edit" id="b1"/>
                            <barButtonItem title="Filter" id="b2"><connections><segue destination="detail" kind="popoverPresentation" popoverAnchorBarButtonItem="b2" id="pop"/></connections></barButtonItem>
                        </leftBarButtonItems>
                        <barButtonItem key="rightBarButtonItem" systemItem="add" id="b3">
                            <connections><segue destination="form" kind="presentation" identifier="add" id="addSegue"/></connections>
                        </barButtonItem>
                    </navigationItem>
                    <tabBarItem key="tabBarItem" title="Home" systemItem="favorites" badgeValue="7" id="tab"/>
                    <toolbarItems>
                        <barButtonItem systemItem="flexibleSpace" id="flex"/>
                        <barButtonItem key="customView" id="b4"><button key="customView" id="cvb"><state key="normal" title="Share"/></button></barButtonItem>
                    </toolbarItems>
                </tableViewController>
                """, id: "list")
                + scene("""
                    <viewController id="detail" sceneMemberID="viewController">
                        <view key="view" id="dv">
                            <subviews>
                                <tableView dataMode="prototypes" id="dtv">
                                    <prototypes>
                                        <tableViewCell reuseIdentifier="RowCell" id="pc"><connections><segue destination="form" kind="show" id="rowSegue"/></connections></tableViewCell>
                                    </prototypes>
                                </tableView>
                                <collectionView id="cov"><cells><collectionViewCell reuseIdentifier="Tile" id="cc"/></cells></collectionView>
                            </subviews>
                        </view>
                    </viewController>
                    """, id: "detail")
                + scene("""
                    <viewController id="form" sceneMemberID="viewController">
                        <view key="view" id="fv">
                            <subviews>
                                <navigationBar id="bar"><items><navigationItem title="New Item" id="fni">
                                    <barButtonItem key="leftBarButtonItem" systemItem="cancel" id="cancel"><connections><segue destination="x-form" kind="unwind" unwindAction="cancel:" id="u1"/></connections></barButtonItem>
                                </navigationItem></items></navigationBar>
                                <textField placeholder="Name" text="Pen" id="tf"/>
                                <label id="ml"><string key="text">Two lines &amp;&#10;more</string></label>
                                <segmentedControl id="seg"><segments><segment title="Red"/><segment title="Blue"/></segments></segmentedControl>
                                <button id="save"><buttonConfiguration key="configuration" style="filled" title="Save"/><connections><segue destination="x-form" kind="unwind" identifier="saved" unwindAction="save:" id="u2"/></connections></button>
                                <button id="img"><state key="normal" image="star"/></button>
                                <toolbar id="tb"><items><barButtonItem title="Help" id="help"/></items></toolbar>
                            </subviews>
                        </view>
                    </viewController>
                    """, id: "form"))
    }

    @Test func everyPart_isReadWithItsTrigger() throws {
        let imported = try InterfaceBuilderImporter.load(app, name: "Main")
        #expect(imported.warnings.filter { $0.contains("kind") || $0.contains("UI") } == [])
        let list = try #require(imported.storyboard.scenes[SceneID("list")]?.ui)
        #expect(list.navigationItem == NavigationItemUI(
            title: "Items", prompt: "Choose", backButtonTitle: "List",
            leftItems: [
                BarItemUI(systemItem: "edit"),
                BarItemUI(title: "Filter", trigger: UITrigger(kind: .popoverPresentation, id: "pop")),
            ],
            rightItems: [BarItemUI(systemItem: "add", trigger: UITrigger(kind: .presentation, identifier: SegueID("add"), id: "addSegue"))]))
        #expect(list.tabBarItem == TabBarItemUI(title: "Home", systemItem: "favorites", badge: "7"))
        #expect(list.toolbarItems == [BarItemUI(systemItem: "flexibleSpace"), BarItemUI(title: "Share")])
        // The cell's selection segue, not its accessory one, is what tapping it performs; its
        // labels are its text, not controls of their own; its one switch is in its row.
        #expect(list.controls == [
            ControlUI(kind: .tableViewCell, text: "Profile", trigger: UITrigger(kind: .show, identifier: SegueID("showProfile"), id: "sel")),
            ControlUI(kind: .tableViewCell, text: "Dark mode", accessory: ControlUI(kind: .switch, isOn: true)),
        ])
        // The navigation bar's title wins over the controller's title attribute.
        #expect(imported.storyboard.scenes[SceneID("list")]?.displayTitle == "Items")

        let detail = try #require(imported.storyboard.scenes[SceneID("detail")]?.ui)
        #expect(detail.navigationItem == nil)
        #expect(detail.controls == [
            ControlUI(kind: .tableViewCell, reuseIdentifier: "RowCell", trigger: UITrigger(kind: .show, id: "rowSegue")),
            ControlUI(kind: .collectionViewCell, reuseIdentifier: "Tile"),
        ])

        let form = try #require(imported.storyboard.scenes[SceneID("form")]?.ui)
        #expect(form.navigationItem?.title == "New Item")
        #expect(form.navigationItem?.leftItems == [BarItemUI(systemItem: "cancel", trigger: UITrigger(kind: .unwind, id: "u1", action: "cancel:"))])
        #expect(form.toolbarItems == [BarItemUI(title: "Help")])
        #expect(form.controls == [
            ControlUI(kind: .textField, text: "Pen", placeholder: "Name"),
            ControlUI(kind: .label, text: "Two lines &\nmore"),
            ControlUI(kind: .segmentedControl, segments: ["Red", "Blue"]),
            ControlUI(kind: .button, text: "Save", trigger: UITrigger(kind: .unwind, identifier: SegueID("saved"), id: "u2", action: "save:")),
            { var button = ControlUI(kind: .button); button.image = ImageUI(name: "star", isSystem: false); return button }(),
        ])
    }

    @Test func peekAndPopSegues_areNotSegues() throws {
        let imported = try InterfaceBuilderImporter.load(app, name: "Main")
        #expect(!imported.warnings.contains { $0.contains("kind \"\"") })
        // What is left is right: no class is known to implement the form's unwind actions.
        #expect(imported.warnings == [
            "unwind action cancel:: no known class implements it, so unwinds to it find no destination (give class facts or sources)",
            "unwind action save:: no known class implements it, so unwinds to it find no destination (give class facts or sources)",
        ])
        let list = try #require(imported.storyboard.scenes[SceneID("list")])
        #expect(list.segues.compactMap(\.id) == ["acc", "sel", "pop", "addSegue"])
    }

    @Test func beyondTheBounds_theFirstAreKeptWithAWarning() throws {
        let buttons = (0..<(SceneUI.maxControls + 5)).map { #"<button id="b\#($0)"><state key="normal" title="B\#($0)"/></button>"# }.joined()
        let items = (0..<(SceneUI.maxBarItems + 2)).map { #"<barButtonItem title="I\#($0)" id="i\#($0)"/>"# }.joined()
        let long = String(repeating: "é", count: 2100)  // 4200 UTF-8 bytes
        let data = document(scene("""
            <viewController id="list" sceneMemberID="viewController">
                <view key="view" id="v"><subviews><label text="\(long)" id="long"/>\(buttons)</subviews></view>
                <navigationItem key="navigationItem" id="ni"><rightBarButtonItems>\(items)</rightBarButtonItems></navigationItem>
            </viewController>
            """, id: "list"))
        let imported = try InterfaceBuilderImporter.load(data, name: "Main")
        let ui = try #require(imported.storyboard.scenes[SceneID("list")]?.ui)
        #expect(ui.controls.count == SceneUI.maxControls)
        #expect(ui.controls.last?.text == "B198")
        #expect(ui.controls.first?.text == String(repeating: "é", count: 2048))
        #expect(ui.navigationItem?.rightItems.map(\.title) == (0..<SceneUI.maxBarItems).map { "I\($0)" })
        #expect(imported.warnings == [
            "scene list: 6 controls beyond the first 200 are not kept in its UI",
            "scene list: 2 items beyond the first 20 of a bar or segmented control are not kept in its UI",
            "scene list: 1 text of its UI is longer than 4096 bytes, cut there",
        ])
    }
}

extension IBSceneUIReaderTests {
    /// Xcode keeps a referenced tab's tab bar item on the storyboard reference.
    @Test func referencedTab_takesTheReferencesTabBarItem() throws {
        let main = document(scene("""
            <tabBarController id="tabs" sceneMemberID="viewController">
                <connections>
                    <segue destination="ref" kind="relationship" relationship="viewControllers" id="t1"/>
                    <segue destination="own" kind="relationship" relationship="viewControllers" id="t2"/>
                </connections>
            </tabBarController>
            """, id: "tabs") + scene("""
            <viewControllerPlaceholder storyboardName="Profile" id="ref" sceneMemberID="viewController">
                <tabBarItem key="tabBarItem" title="Me" id="tbi"/>
            </viewControllerPlaceholder>
            """, id: "ref") + scene("""
            <viewControllerPlaceholder storyboardName="Profile" referencedIdentifier="Other" id="own" sceneMemberID="viewController">
                <tabBarItem key="tabBarItem" title="Ignored" id="tbi2"/>
            </viewControllerPlaceholder>
            """, id: "own"), initial: "tabs")
        let profile = document(scene("""
            <viewController id="profile" sceneMemberID="viewController"><navigationItem key="navigationItem" title="Profile" id="pni"/></viewController>
            """, id: "profile") + scene("""
            <viewController id="other" storyboardIdentifier="Other" sceneMemberID="viewController"><tabBarItem key="tabBarItem" systemItem="more" id="o"/></viewController>
            """, id: "other"), initial: "profile")
        let imported = try InterfaceBuilderImporter.load(
            StoryboardBundle(name: "App", entry: "Main", storyboards: ["Main": main, "Profile": profile]), swift: SwiftSyntaxSourceReader())
        let scenes = imported.storyboard.scenes
        #expect(scenes[SceneID("Main:tabs")]?.tabs == [SceneID("Profile:profile"), SceneID("Profile:other")])
        #expect(scenes[SceneID("Profile:profile")]?.ui == SceneUI(
            navigationItem: NavigationItemUI(title: "Profile"), tabBarItem: TabBarItemUI(title: "Me")))
        // A scene's own tab bar item stays.
        #expect(scenes[SceneID("Profile:other")]?.ui?.tabBarItem == TabBarItemUI(systemItem: "more"))
    }
}
