import Foundation
import SourceScanning
import Storyboard
import Testing

/// Where an app starts, as its `Info.plist` says (issue 49): real apps' files (Fixtures/InfoPlists,
/// sources and licenses in its README), XML and binary, and project folders read with them.
struct AppInfoPlistTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/InfoPlists")

    static func fixture(_ name: String) throws -> Data { try Data(contentsOf: fixtures.appendingPathComponent(name)) }

    @Test func realAppsInfoPlists_nameTheirStoryboards() throws {
        // GoMap: the scene manifest's UISceneStoryboardFile, the same as UIMainStoryboardFile(~ipad).
        #expect(try AppInfoPlist.read(Self.fixture("GoMap-Info.plist")) == AppInfoPlist(entry: "MainStoryboard"))
        #expect(try AppInfoPlist.read(Self.fixture("INaturalistIOS-Info.plist")) == AppInfoPlist(entry: "MainStoryboard"))
        // DuckDuckGo builds its window in code: only a launch screen, which is not where it starts.
        #expect(try AppInfoPlist.read(Self.fixture("DuckDuckGo-Info.plist")) == AppInfoPlist(entry: nil))
        // A share extension's NSExtensionMainStoryboard is the extension's interface, not the app's.
        #expect(try AppInfoPlist.read(Self.fixture("GoMap-PhotoShare-Info.plist")) == AppInfoPlist(entry: nil, isExtension: true))
        #expect(try AppInfoPlist.read(Self.fixture("Universal-Info.plist"))
            == AppInfoPlist(entry: "MainStoryboard_iPhone", idiomEntries: ["pad": "MainStoryboard_iPad"]))
    }

    @Test func aBinaryPropertyList_readsAsItsXML() throws {
        for name in ["GoMap-Info.plist", "Universal-Info.plist", "GoMap-PhotoShare-Info.plist"] {
            let xml = try Self.fixture(name)
            let value = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
            let binary = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
            #expect(binary.starts(with: Array("bplist00".utf8)))
            #expect(try AppInfoPlist.read(binary) == AppInfoPlist.read(xml))
        }
    }

    static func plist(_ top: [String: Any]) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: top, format: .xml, options: 0)
    }

    static func manifest(_ storyboard: String?) -> [String: Any] {
        var configuration: [String: Any] = ["UISceneConfigurationName": "Default Configuration"]
        if let storyboard { configuration["UISceneStoryboardFile"] = storyboard }
        return ["UISceneConfigurations": ["UIWindowSceneSessionRoleApplication": [configuration, ["UISceneStoryboardFile": "Second"]]]]
    }

    @Test func theSceneManifest_comesBeforeUIMainStoryboardFile_andDeviceKeysBeforeTheirs() throws {
        #expect(try AppInfoPlist.read(Self.plist(["UIApplicationSceneManifest": Self.manifest("Scenes"), "UIMainStoryboardFile": "Main"]))
            == AppInfoPlist(entry: "Scenes"))
        // A manifest whose first configuration names none: UIMainStoryboardFile.
        #expect(try AppInfoPlist.read(Self.plist(["UIApplicationSceneManifest": Self.manifest(nil), "UIMainStoryboardFile": "Main"]))
            == AppInfoPlist(entry: "Main"))
        #expect(try AppInfoPlist.read(Self.plist([
            "UIMainStoryboardFile": "Main.storyboard", "UIMainStoryboardFile~iphone": "Phone", "UIApplicationSceneManifest~ipad": Self.manifest("Pad"),
        ])) == AppInfoPlist(entry: "Main", idiomEntries: ["phone": "Phone", "pad": "Pad"]))
        // Xcode leaves the key empty when the Main Interface is cleared.
        #expect(try AppInfoPlist.read(Self.plist(["UIMainStoryboardFile": ""])) == AppInfoPlist(entry: nil))
    }

    @Test func notAPropertyList_isRefused() throws {
        #expect(throws: AppInfoPlist.Failure.self) { try AppInfoPlist.read(Data("<dict>".utf8)) }
        let array = try PropertyListSerialization.data(fromPropertyList: ["UIMainStoryboardFile"], format: .xml, options: 0)
        #expect(throws: AppInfoPlist.Failure(message: "not a dictionary at the top")) { try AppInfoPlist.read(array) }
    }

    static func folder(_ files: [String: Data]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("segued-app-\(UUID().uuidString)")
        for (path, data) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return root
    }

    static let xml = Data(InterfaceBuilderImporterTests.app.utf8)

    /// GoMap's layout: its app Info.plist, a share extension's, several storyboards, none `Main`.
    @Test func aFolderStartsWhereItsAppsInfoPlistSays_notAtTheFirstStoryboard() throws {
        let root = try Self.folder([
            "src/iOS/Go Map!!-Info.plist": try Self.fixture("GoMap-Info.plist"),
            "src/iOS/PhotoShare/Info.plist": try Self.fixture("GoMap-PhotoShare-Info.plist"),
            "src/iOS/PhotoShare/Base.lproj/MainInterface.storyboard": Self.xml,
            "src/iOS/Base.lproj/MainStoryboard.storyboard": Self.xml,
            "src/iOS/Upload/Base.lproj/Changeset.storyboard": Self.xml,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let (bundle, reason) = try StoryboardBundle.readExplained(folder: root.path, entry: nil)
        #expect(bundle.entry == "MainStoryboard" && bundle.idiomEntries.isEmpty)
        #expect(reason == "entry MainStoryboard (from src/iOS/Go Map!!-Info.plist)")
        let imported = try InterfaceBuilderImporter.load(bundle, swift: SwiftSyntaxSourceReader())
        #expect(imported.storyboard.initialScene == SceneID("MainStoryboard:nav"))
        // --entry wins.
        let chosen = try StoryboardBundle.readExplained(folder: root.path, entry: "Changeset")
        #expect(chosen.bundle.entry == "Changeset" && chosen.entryReason == "entry Changeset (--entry)")
    }

    @Test func aFolderWithAStoryboardPerDeviceFamily_startsEachWhereItsKeySays() throws {
        let root = try Self.folder([
            "App/Info.plist": try Self.fixture("Universal-Info.plist"),
            "App/MainStoryboard_iPhone.storyboard": Self.xml,
            "App/MainStoryboard_iPad.storyboard": Self.xml,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let (bundle, reason) = try StoryboardBundle.readExplained(folder: root.path, entry: nil)
        #expect(bundle.entry == "MainStoryboard_iPhone" && bundle.idiomEntries == ["pad": "MainStoryboard_iPad"])
        #expect(reason == "entry MainStoryboard_iPhone (from App/Info.plist), MainStoryboard_iPad on pad")
        let storyboard = try InterfaceBuilderImporter.load(bundle, swift: SwiftSyntaxSourceReader()).storyboard
        #expect(storyboard.initialScene(forIdiom: "phone") == SceneID("MainStoryboard_iPhone:nav"))
        #expect(storyboard.initialScene(forIdiom: "pad") == SceneID("MainStoryboard_iPad:nav"))
        // What segued import writes (and segued test --url uploads) reads back to the same bundle.
        let again = try StoryboardBundle(json: bundle.jsonValue)
        #expect(again.entry == bundle.entry && again.idiomEntries == bundle.idiomEntries && again.storyboards == bundle.storyboards)
        // The segued JSON form keeps it (what the daemon stores), and refuses a scene it does not have.
        let json = #"{"format": "segued.storyboard/1", "name": "U", "initialScene": "a", "idiomInitialScenes": {"pad": "b"}, "scenes": {"a": {}, "b": {}}}"#
        #expect(try StoryboardJSONLoader.load(Data(json.utf8)).initialScene(forIdiom: "pad") == SceneID("b"))
        #expect(throws: StoryboardError(kind: .invalid, issues: [.init(path: "idiomInitialScenes.pad", message: "unknown scene \"c\"")])) {
            try StoryboardJSONLoader.load(Data(json.replacingOccurrences(of: #""pad": "b""#, with: #""pad": "c""#).utf8))
        }
    }

    @Test func aFolderWhoseInfoPlistNamesNoStoryboardItHas_fallsBackSayingWhy() throws {
        let ddg = try Self.folder(["DuckDuckGo/Info.plist": try Self.fixture("DuckDuckGo-Info.plist"), "DuckDuckGo/Bookmarks.storyboard": Self.xml,
                                   "DuckDuckGo/Home.storyboard": Self.xml])
        defer { try? FileManager.default.removeItem(at: ddg) }
        let plain = try StoryboardBundle.readExplained(folder: ddg.path, entry: nil)
        #expect(plain.bundle.entry == "Bookmarks")
        #expect(plain.entryReason == "entry Bookmarks (no Info.plist names a main storyboard: the first storyboard by name)")
        let missing = try Self.folder(["App/INaturalistIOS-Info.plist": try Self.fixture("INaturalistIOS-Info.plist"), "App/Main.storyboard": Self.xml])
        defer { try? FileManager.default.removeItem(at: missing) }
        let fallback = try StoryboardBundle.readExplained(folder: missing.path, entry: nil)
        #expect(fallback.bundle.entry == "Main")
        #expect(fallback.entryReason == "entry Main (App/INaturalistIOS-Info.plist names MainStoryboard, which is not under \(missing.path): Main.storyboard)")
    }
}
