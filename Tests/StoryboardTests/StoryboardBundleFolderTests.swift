import Foundation
import SourceScanning
import Storyboard
import Testing

/// `segued import DIR` and `serve --app DIR` read a project folder through `StoryboardBundle.read`.
struct StoryboardBundleFolderTests {
    private func makeFolder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("segued-app-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func folder_givesStoryboardsAndSources_andImports() throws {
        let root = try makeFolder([
            "App/Base.lproj/Main.storyboard": InterfaceBuilderImporterTests.app,
            "App/Base.lproj/Other.storyboard": InterfaceBuilderImporterTests.app,
            "App/ListViewController.swift": "class ListViewController: UITableViewController {\n    @IBAction func unwindToList(_ segue: UIStoryboardSegue) {}\n}\n",
            "App/Notes.txt": "not a source",
            ".build/Ignored.swift": "class Ignored {}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let bundle = try StoryboardBundle.read(folder: root.path, entry: nil)
        #expect(bundle.entry == "Main")
        #expect(bundle.storyboards.keys.sorted() == ["Main", "Other"])
        #expect(bundle.sources.keys.sorted() == ["App/ListViewController.swift"])
        let imported = try InterfaceBuilderImporter.load(bundle, swift: SwiftSyntaxSourceReader())
        #expect(imported.storyboard.initialScene == SceneID("Main:nav"))
        #expect(imported.storyboard.classes["ListViewController"]?.unwindActions == ["unwindToList:"])
        #expect(!imported.warnings.contains { $0.contains("unwindToList:") })
    }

    @Test func folderWithoutStoryboards_orMissingEntry_isAClearError() throws {
        let empty = try makeFolder(["App/A.swift": "class A {}"])
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: StoryboardBundle.FolderError(message: "no .storyboard file under \(empty.path)")) {
            try StoryboardBundle.read(folder: empty.path, entry: nil)
        }
        let app = try makeFolder(["Main.storyboard": InterfaceBuilderImporterTests.app])
        defer { try? FileManager.default.removeItem(at: app) }
        #expect(throws: StoryboardBundle.FolderError(message: "no storyboard named Settings under \(app.path) (found: Main)")) {
            try StoryboardBundle.read(folder: app.path, entry: "Settings")
        }
    }
}
