import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

/// Issue 49: a scene's `ui` carries each button's and bar item's image and Interface Builder label,
/// written only when there is one, and the graph written back loads to the same storyboard.
struct SceneUIImageRoutesTests {
    let service = SeguedService()

    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" initialViewController="map">
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController id="map" sceneMemberID="viewController">
                        <view key="view" id="v"><subviews>
                            <button userLabel="Search Button" id="b1"><state key="normal" image="magnifyingglass" catalog="system"/>
                                <connections><segue destination="search" kind="presentation" id="toSearch"/></connections></button>
                            <button id="b2"><state key="normal" title="Help"/></button>
                        </subviews></view>
                        <tabBarItem key="tabBarItem" title="" image="map" id="t"/>
                        <navigationItem key="navigationItem" title="Map" id="n">
                            <barButtonItem key="rightBarButtonItem" image="gear" userLabel="Settings" id="r"/>
                        </navigationItem>
                    </viewController>
                </objects></scene>
                <scene sceneID="s2"><objects><viewController id="search" sceneMemberID="viewController"/></objects></scene>
            </scenes>
            <resources><image name="map" catalog="system" width="128" height="112"/></resources>
        </document>
        """

    @Test func imagesAndUserLabels_areWrittenWhenThere_andLoadBackTheSame() throws {
        let upload = service.handle(.make("POST", "/v1/storyboards", json: Self.xml, headers: ["content-type": "application/xml"], query: [("name", "GoMap")]))
        #expect([200, 201].contains(upload.status), "\(upload.text)")
        let id = try #require(upload.json["id"]?.stringValue)
        let graph = try #require(service.handle(.make("GET", "/v1/storyboards/\(id)")).json["storyboard"])
        let ui = try #require(graph["scenes"]?["map"]?["ui"])
        #expect(try ui["controls"] == JSONValue.parse(#"""
            [{"type": "button", "text": null, "trigger": {"kind": "presentation", "identifier": null, "id": "toSearch", "action": null},
              "image": {"name": "magnifyingglass", "system": true}, "userLabel": "Search Button"},
             {"type": "button", "text": "Help", "trigger": null}]
            """#))
        #expect(try ui["tabBarItem"] == JSONValue.parse(#"{"title": "", "systemItem": null, "badge": null, "image": {"name": "map", "system": true}}"#))
        #expect(try ui["navigationItem"]?["rightItems"] == JSONValue.parse(#"""
            [{"title": null, "systemItem": null, "trigger": null, "image": {"name": "gear", "system": false}, "userLabel": "Settings"}]
            """#))
        let reloaded = try StoryboardJSONLoader.load(graph)
        #expect(reloaded.scenes[SceneID("map")]?.ui?.controls.first?.image == ImageUI(name: "magnifyingglass", isSystem: true))
        #expect(reloaded.scenes[SceneID("map")]?.ui == (try InterfaceBuilderImporter.load(Data(Self.xml.utf8), name: "GoMap")).storyboard.scenes[SceneID("map")]?.ui)
    }

    @Test func anImageWithoutAName_isRefusedWithItsPath() throws {
        let response = service.handle(.make("POST", "/v1/storyboards", json: #"""
            {"format": "segued.storyboard/1", "initialScene": "a",
             "scenes": {"a": {"ui": {"controls": [{"type": "button", "image": {"system": true}}]}}}}
            """#))
        try response.expectProblem(422, "invalid-storyboard")
        #expect(try response.json["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["scenes.a.ui.controls[0].image.name"], "\(response.text)")
    }
}
