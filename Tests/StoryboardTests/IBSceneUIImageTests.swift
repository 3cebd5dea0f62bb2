import Foundation
import Storyboard
import Testing

/// Images and author's labels of scene UI read from Interface Builder XML as Xcode writes it
/// (GoMap's map screen: image buttons with `userLabel`s; iNaturalist's tabs with images only).
struct IBSceneUIImageTests {
    private let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" initialViewController="map">
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController id="map" sceneMemberID="viewController">
                        <view key="view" id="v">
                            <subviews>
                                <button userLabel="Search Button" id="b1"><state key="normal" image="magnifyingglass" catalog="system"/></button>
                                <button id="b2"><state key="normal" image="gear"/></button>
                                <button id="b3"><state key="normal" title="Bing attribution" image="bing-logo-white"/></button>
                                <button id="b4"><buttonConfiguration key="configuration" style="plain" title="Layers"><imageReference key="image" image="square.3.layers.3d" catalog="system"/></buttonConfiguration></button>
                                <button userLabel="Plain" id="b5"><state key="normal" title="Done"/></button>
                            </subviews>
                        </view>
                        <tabBarItem key="tabBarItem" title="" image="notebook-tab.png" id="t"/>
                        <navigationItem key="navigationItem" title="Map" id="n">
                            <barButtonItem key="rightBarButtonItem" image="plus" userLabel="Add" id="r"/>
                        </navigationItem>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
                </objects></scene>
            </scenes>
            <resources>
                <image name="gear" catalog="system" width="128" height="122"/>
                <image name="plus" catalog="system" width="128" height="113"/>
                <image name="magnifyingglass" catalog="system" width="128" height="117"/>
            </resources>
        </document>
        """

    @Test func buttonsAndBarItems_carryTheirImageAndUserLabel() throws {
        let imported = try InterfaceBuilderImporter.load(Data(xml.utf8), name: "MainStoryboard")
        let ui = try #require(imported.storyboard.scenes[SceneID("map")]?.ui)
        #expect(ui.controls.map(\.image) == [
            ImageUI(name: "magnifyingglass", isSystem: true),
            // Not marked where it is used, but the document's resources list it as a system symbol.
            ImageUI(name: "gear", isSystem: true),
            ImageUI(name: "bing-logo-white", isSystem: false),
            ImageUI(name: "square.3.layers.3d", isSystem: true),
            nil,
        ])
        #expect(ui.controls.map(\.userLabel) == ["Search Button", nil, nil, nil, "Plain"])
        #expect(ui.controls.map(\.text) == [nil, nil, "Bing attribution", "Layers", "Done"])
        #expect(ui.tabBarItem == TabBarItemUI(title: "", image: ImageUI(name: "notebook-tab.png", isSystem: false)))
        #expect(ui.navigationItem?.rightItems == [BarItemUI(image: ImageUI(name: "plus", isSystem: true), userLabel: "Add")])
    }
}
