import Foundation
import Storyboard
import Testing

/// `definesPresentationContext` and `providesPresentationContextTransitionStyle` survive both ways in:
/// Interface Builder saves them as attributes of the controller element (spec §5.5), the JSON format
/// as scene fields. Absent, they stay `nil` so the kind's default applies.
struct PresentationContextImportTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="13189.4" initialViewController="parent">
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController id="parent" sceneMemberID="viewController">
                        <connections><segue destination="child" kind="embed" id="e1"/></connections>
                    </viewController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <viewController id="child" definesPresentationContext="YES" providesPresentationContextTransitionStyle="YES" sceneMemberID="viewController">
                        <connections><segue destination="over" kind="presentation" modalPresentationStyle="overCurrentContext" identifier="over" id="p1"/></connections>
                    </viewController>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <navigationController id="over" definesPresentationContext="NO" sceneMemberID="viewController"/>
                </objects></scene>
            </scenes>
        </document>
        """

    @Test func interfaceBuilderAttributes_areKeptOnTheScene() throws {
        let imported = try InterfaceBuilderImporter.load(Data(Self.xml.utf8), name: "Main")
        let scenes = imported.storyboard.scenes
        #expect(scenes[SceneID("child")]?.definesPresentationContext == true)
        #expect(scenes[SceneID("child")]?.providesPresentationContextTransitionStyle == true)
        // "NO" overrides a navigation controller's default of true.
        #expect(scenes[SceneID("over")]?.definesPresentationContext == false)
        #expect(scenes[SceneID("over")]?.providesPresentationContextTransitionStyle == nil)
        #expect(scenes[SceneID("parent")]?.definesPresentationContext == nil)
        #expect(imported.warnings == [])
    }

    @Test func jsonFields_areRead_andAWrongTypeIsReported() throws {
        let json = """
            {"format": "segued.storyboard/1", "initialScene": "a", "scenes": {
              "a": {"definesPresentationContext": true, "providesPresentationContextTransitionStyle": false}}}
            """
        let scene = try #require(try StoryboardJSONLoader.load(Data(json.utf8)).scenes[SceneID("a")])
        #expect(scene.definesPresentationContext == true)
        #expect(scene.providesPresentationContextTransitionStyle == false)

        let wrong = """
            {"format": "segued.storyboard/1", "initialScene": "a", "scenes": {
              "a": {"providesPresentationContextTransitionStyle": "YES"}}}
            """
        let error = #expect(throws: StoryboardError.self) { try StoryboardJSONLoader.load(Data(wrong.utf8)) }
        #expect(error?.issues.map(\.path) == ["scenes.a.providesPresentationContextTransitionStyle"])
        #expect(error?.issues.first?.message.hasPrefix("expected a boolean") == true)
    }
}
