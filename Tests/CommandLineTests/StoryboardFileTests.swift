import ArgumentParser
import Foundation
import Storyboard
import Testing

@testable import segued

/// `segued import DIR -o FILE` writes a bundle that `segued serve --storyboard FILE` and
/// `segued lint FILE` load (both read files through `StoryboardFile`), as an upload would.
struct StoryboardFileTests {
    /// A quiz laid out as Apple's UnwindSegue sample: a menu presenting a navigation controller of
    /// questions that push a results screen, whose Exit segues name the actions of the fixture sources.
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="menu">
            <scenes>
                <scene sceneID="s1"><objects>
                    <viewController id="menu" customClass="MainMenuViewController" sceneMemberID="viewController">
                        <connections><segue destination="nav" kind="presentation" identifier="startQuiz" id="p"/></connections>
                    </viewController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <connections><segue destination="question" kind="relationship" relationship="rootViewController" id="r"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s3"><objects>
                    <tableViewController id="question" customClass="QuestionViewController" sceneMemberID="viewController">
                        <connections><segue destination="results" kind="show" identifier="ResultScreen" id="w"/></connections>
                    </tableViewController>
                </objects></scene>
                <scene sceneID="s4"><objects>
                    <tableViewController id="results" customClass="ResultsViewController" sceneMemberID="viewController">
                        <connections>
                            <segue destination="exit" kind="unwind" identifier="home" unwindAction="exitToHomeScreen:" id="u1"/>
                            <segue destination="exit" kind="unwind" identifier="restart" unwindAction="exitToQuizStart:" id="u2"/>
                        </connections>
                    </tableViewController>
                    <exit id="exit" sceneMemberID="exit"/>
                </objects></scene>
            </scenes>
        </document>
        """

    /// `Tests/Fixtures/UnwindSegueApp`, the sources docs/real-apps.md's walkthrough uses.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/UnwindSegueApp")

    func makeApp() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("segued-cli-\(UUID().uuidString)")
        let app = root.appendingPathComponent("app")
        let storyboards = app.appendingPathComponent("UnwindSegue/en.lproj")
        let shared = app.appendingPathComponent("Shared")
        for folder in [storyboards, shared] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Data(Self.storyboard.utf8).write(to: storyboards.appendingPathComponent("MainStoryboard.storyboard"))
        for source in ["MainMenuViewController.m", "QuestionViewController.m"] {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(source), to: shared.appendingPathComponent(source))
        }
        return root
    }

    @Test func theBundleImportWrites_loadsAsTheAppWithItsUnwindActions() throws {
        let root = try makeApp()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("myapp.json").path
        try Import.parse([root.appendingPathComponent("app").path, "-o", output]).run()

        let imported = try StoryboardFile.load(output)
        #expect(imported.storyboard.name == "app")
        #expect(imported.storyboard.entry == "MainStoryboard")
        #expect(imported.storyboard.scenes.count == 4)
        #expect(imported.storyboard.classes["MainMenuViewController"]?.unwindActions == ["exitToHomeScreen:"])
        #expect(imported.storyboard.classes["QuestionViewController"]?.unwindActions == ["exitToQuizStart:"])
        #expect(imported.warnings == [])

        // The storyboard file alone knows no implementers: the sources are what the bundle adds.
        let alone = try StoryboardFile.load(root.appendingPathComponent("app/UnwindSegue/en.lproj/MainStoryboard.storyboard").path)
        #expect(alone.storyboard.name == "MainStoryboard")
        #expect(alone.warnings.count == 2)
    }

    @Test func aFileThatIsNoStoryboard_isRefusedNamingItsProblems() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("segued-cli-\(UUID().uuidString).json")
        try Data(#"{"name": "App", "entry": "Main", "storyboards": {"Main": 7}}"#.utf8).write(to: root)
        defer { try? FileManager.default.removeItem(at: root) }
        let error = try #require(throws: ValidationError.self) { try StoryboardFile.load(root.path) }
        #expect(error.message == "\(root.path) is not a storyboard segued can run:\n  storyboards.Main: expected the XML text as a string")
        let missing = try #require(throws: ValidationError.self) { try StoryboardFile.load(root.path + ".missing") }
        #expect(missing.message == "cannot read \(root.path).missing")
    }
}
