import Foundation
import SourceScanning
import Storyboard
import Testing

/// Storyboard references across an upload: every place a scene can be named points at the
/// referenced scene, and the placeholders left behind are not reported as unreachable scenes.
struct IBReferenceResolverTests {
    private func document(_ body: String, initial: String) -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21507" initialViewController="\(initial)">
                <scenes>\(body)</scenes>
            </document>
            """.utf8)
    }

    @Test func splitColumnsAndSegues_pointAtTheReferencedScene_withoutUnreachableWarnings() throws {
        let main = document("""
            <scene sceneID="s1"><objects>
                <splitViewController id="split" sceneMemberID="viewController">
                    <connections>
                        <segue destination="masterRef" kind="relationship" relationship="masterViewController" id="r1"/>
                        <segue destination="detail" kind="relationship" relationship="detailViewController" id="r2"/>
                    </connections>
                </splitViewController>
            </objects></scene>
            <scene sceneID="s2"><objects><viewControllerPlaceholder storyboardName="Master" id="masterRef" sceneMemberID="viewController"/></objects></scene>
            <scene sceneID="s3"><objects>
                <viewController id="detail" sceneMemberID="viewController">
                    <view key="view" id="v"><subviews><button id="b"><connections><segue destination="moreRef" kind="show" id="g"/></connections></button></subviews></view>
                </viewController>
            </objects></scene>
            <scene sceneID="s4"><objects><viewControllerPlaceholder storyboardName="Master" referencedIdentifier="More" id="moreRef" sceneMemberID="viewController"/></objects></scene>
            """, initial: "split")
        let master = document("""
            <scene sceneID="m1"><objects><viewController id="list" sceneMemberID="viewController"/></objects></scene>
            <scene sceneID="m2"><objects><viewController id="more" storyboardIdentifier="More" sceneMemberID="viewController"/></objects></scene>
            """, initial: "list")
        let imported = try InterfaceBuilderImporter.load(
            StoryboardBundle(name: "App", entry: "Main", storyboards: ["Main": main, "Master": master]), swift: SwiftSyntaxSourceReader())
        let split = try #require(imported.storyboard.scenes[SceneID("Main:split")])
        #expect(split.primary == SceneID("Master:list"))
        #expect(split.secondary == SceneID("Main:detail"))
        #expect(imported.storyboard.scenes[SceneID("Main:detail")]?.segues.map(\.destination) == [SceneID("Master:more")])
        #expect(imported.warnings == [])
    }
}
