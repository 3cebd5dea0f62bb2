import Foundation
import SeguedTestSupport
import SourceScanning
import Storyboard
import Testing

/// One reader for every form a storyboard comes in, shared by uploads and command-line files:
/// segued JSON, Interface Builder XML, and app bundles.
struct StoryboardDocumentTests {
    @Test func xml_isReadAsInterfaceBuilder_namedByTheCaller_evenAfterAByteOrderMark() throws {
        let xml = GeneratedApp(storyboards: 1, scenes: 2, labelsPerScene: 1).document("Main")
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(xml.utf8)
        let imported = try StoryboardDocument.load(data, name: "MainStoryboard", swift: SwiftSyntaxSourceReader())
        #expect(imported.storyboard.name == "MainStoryboard")
        #expect(imported.storyboard.entry == "MainStoryboard")
        #expect(imported.storyboard.scenes.count == 3)
    }

    @Test func aBundle_isReadAsTheApp_whateverTheFileIsCalled() throws {
        let app = GeneratedApp(name: "Shop", storyboards: 2, scenes: 2, labelsPerScene: 1)
        let imported = try StoryboardDocument.load(Data(app.bundleJSON.utf8), name: "shop-bundle", swift: SwiftSyntaxSourceReader())
        #expect(imported.storyboard.name == "Shop")
        #expect(imported.storyboard.entry == "Main")
        #expect(imported.storyboard.documents == ["Main", "Flow1"])
        #expect(imported.warnings == [])
    }

    @Test func seguedJSON_isReadAsItself() throws {
        let json = #"\#n  {"format": "segued.storyboard/1", "name": "Tiny", "initialScene": "a", "scenes": {"a": {}}}"#
        let imported = try StoryboardDocument.load(Data(json.utf8), name: "ignored", swift: SwiftSyntaxSourceReader())
        #expect(imported.storyboard.name == "Tiny")
        #expect(imported.storyboard.scenes.count == 1)
    }

    @Test func badDocuments_sayWhatIsWrong() throws {
        #expect(throws: StoryboardError(kind: .malformed, issues: [.init(path: "", message: "not valid JSON")])) {
            try StoryboardDocument.load(Data("not a storyboard".utf8), name: "x", swift: SwiftSyntaxSourceReader())
        }
        let error = try #require(throws: StoryboardError.self) {
            try StoryboardDocument.load(Data(#"{"name": "App", "storyboards": {"Main": 7}}"#.utf8), name: "x", swift: SwiftSyntaxSourceReader())
        }
        #expect(error.kind == .invalid)
        #expect(error.issues.map(\.path) == ["storyboards.Main"])
    }
}
